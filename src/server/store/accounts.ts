import type { Db } from '../db';

/** A demo account: a fresh copy of a persona, made by one sign-in. */
export interface Account {
  userId: number;
  personaId: string;
  createdAt: number;
}

/** Where the ids of the copies start: above every persona's own id. */
export const FIRST_COPY_ID = 100_001;

/** The tables that hold what an account did: cleared by a reset. */
const ACCOUNT_TABLES = [
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
  create(personaId: string, personaUserId: number, now: number): Account;
  find(userId: number): Account | undefined;
  /** Newest first. */
  list(limit: number): Account[];
  /** Forgets everything the account did (cancellations, offers, submissions), as if just made. */
  reset(userId: number): void;
}

/** The accounts table's queries. */
export function accountTable(db: Db): AccountTable {
  const insert = db.prepare('INSERT INTO accounts (user_id, persona_id, created_at) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT user_id AS userId, persona_id AS personaId, created_at AS createdAt FROM accounts WHERE user_id = ?');
  const latest = db.prepare('SELECT user_id AS userId, persona_id AS personaId, created_at AS createdAt FROM accounts ORDER BY created_at DESC, user_id DESC LIMIT ?');
  const nextCopy = db.prepare('SELECT MAX(user_id) AS id FROM accounts WHERE user_id >= ?');
  const clears = ACCOUNT_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE user_id = ?`));
  const create = db.transaction((personaId: string, personaUserId: number, now: number): Account => {
    const own = select.get(personaUserId) === undefined;
    const last = (nextCopy.get(FIRST_COPY_ID) as { id: number | null }).id;
    const userId = own ? personaUserId : (last ?? FIRST_COPY_ID - 1) + 1;
    insert.run(userId, personaId, now);
    return { userId, personaId, createdAt: now };
  });
  const reset = db.transaction((userId: number) => {
    for (const clear of clears) clear.run(String(userId));
  });
  return {
    create: (personaId, personaUserId, now) => create(personaId, personaUserId, now),
    find: (userId) => select.get(userId) as Account | undefined,
    list: (limit) => latest.all(limit) as Account[],
    reset: (userId) => reset(userId),
  };
}
