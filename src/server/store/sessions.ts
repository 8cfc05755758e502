import { randomToken, sha256 } from '../tokens';
import type { SqlDatabase } from './sql/database';

/** A signed-in browser: which account (a copy of which persona), which interface language, and its CSRF token. */
export interface SessionRecord {
  idHash: string;
  personaId: string;
  /** The demo account signed in; null for a session from before accounts, which signs in the persona's own id. */
  accountId: number | null;
  lang: string;
  csrfToken: string;
  createdAt: number;
}

interface SessionRow {
  id_hash: string;
  persona_id: string;
  account_id: number | null;
  lang: string;
  csrf_token: string;
  created_at: number;
}

/** Sessions in the database, keyed by the sha256 of the cookie's session id. */
export interface SessionTable {
  create(personaId: string, accountId: number, lang: string, now: number): Promise<{ token: string; session: SessionRecord }>;
  find(token: string): Promise<SessionRecord | undefined>;
  remove(token: string): Promise<void>;
}

/** The session table's queries. */
export function sessionTable(db: SqlDatabase): SessionTable {
  return {
    async create(personaId, accountId, lang, now) {
      const token = randomToken();
      const session: SessionRecord = { idHash: sha256(token), personaId, accountId, lang, csrfToken: randomToken(), createdAt: now };
      await db.run('INSERT INTO sessions (id_hash, persona_id, account_id, lang, csrf_token, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        session.idHash,
        personaId,
        accountId,
        lang,
        session.csrfToken,
        now,
      ]);
      return { token, session };
    },
    async find(token) {
      const row = await db.get<SessionRow>('SELECT * FROM sessions WHERE id_hash = ?', [sha256(token)]);
      return row === undefined
        ? undefined
        : { idHash: row.id_hash, personaId: row.persona_id, accountId: row.account_id, lang: row.lang, csrfToken: row.csrf_token, createdAt: row.created_at };
    },
    async remove(token) {
      await db.run('DELETE FROM sessions WHERE id_hash = ?', [sha256(token)]);
    },
  };
}
