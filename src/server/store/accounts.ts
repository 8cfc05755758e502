import type { SqlDatabase } from './sql/database';

/** A demo account: a fresh copy of a persona, made by one sign-in. */
export interface Account {
  userId: number;
  personaId: string;
  createdAt: number;
}

/** Where the ids of the copies start: above every persona's own id. */
export const FIRST_COPY_ID = 100_001;

/** The tables that hold what an account did: cleared by a reset (an undo key before its record). */
const ACCOUNT_TABLES = [
  'undo_keys',
  'cancellation_records',
  'confirmation_keys',
  'cancellation_requests',
  'accepted_offers',
  'downgrades',
  'survey_submissions',
  'idempotency_records',
] as const;

/** Demo accounts. */
export interface AccountTable {
  /** A new account of the persona: the persona's own id the first time, then the next free copy id. */
  create(personaId: string, personaUserId: number, now: number): Promise<Account>;
  find(userId: number): Promise<Account | undefined>;
  /** Newest first. */
  list(limit: number): Promise<Account[]>;
  /** Forgets everything the account did (cancellations, offers, submissions), as if just made. */
  reset(userId: number): Promise<void>;
}

/** The accounts table's queries. */
export function accountTable(db: SqlDatabase): AccountTable {
  const columns = 'user_id AS "userId", persona_id AS "personaId", created_at AS "createdAt"';
  const find = (userId: number) => db.get<Account>(`SELECT ${columns} FROM accounts WHERE user_id = ?`, [userId]);
  return {
    // One transaction: two sign-ins at once (two processes on PostgreSQL included) never take the same id.
    create: (personaId, personaUserId, now) =>
      db.transaction(async () => {
        const own = (await find(personaUserId)) === undefined;
        const last = (await db.get<{ id: number | null }>('SELECT MAX(user_id) AS id FROM accounts WHERE user_id >= ?', [FIRST_COPY_ID]))?.id ?? null;
        const userId = own ? personaUserId : (last ?? FIRST_COPY_ID - 1) + 1;
        await db.run('INSERT INTO accounts (user_id, persona_id, created_at) VALUES (?, ?, ?)', [userId, personaId, now]);
        return { userId, personaId, createdAt: now };
      }),
    find,
    list: (limit) => db.all<Account>(`SELECT ${columns} FROM accounts ORDER BY created_at DESC, user_id DESC LIMIT ?`, [limit]),
    reset: (userId) =>
      db.transaction(async () => {
        for (const table of ACCOUNT_TABLES) await db.run(`DELETE FROM ${table} WHERE user_id = ?`, [String(userId)]);
      }),
  };
}
