import type { SqlDatabase } from './sql/database';

/** The first response to an Idempotency-Key, kept so a replay gets it again. */
export interface StoredResponse {
  requestHash: string;
  status: number;
  body: unknown;
}

/**
 * Idempotency records, scoped to user and route so one user's key never reveals another's response.
 * `route` names the write, not the URL: the toolkit and the call (`traffic-and-market downgrade`),
 * or the call alone for survey storage.
 */
export interface IdempotencyTable {
  find(key: string, userId: string, route: string): Promise<StoredResponse | undefined>;
  save(key: string, userId: string, route: string, response: StoredResponse, now: number): Promise<void>;
}

/** The idempotency table's queries. */
export function idempotencyTable(db: SqlDatabase): IdempotencyTable {
  return {
    async find(key, userId, route) {
      const row = await db.get<{ request_hash: string; status: number; body: string }>(
        'SELECT request_hash, status, body FROM idempotency_records WHERE idem_key = ? AND user_id = ? AND route = ?',
        [key, userId, route],
      );
      return row === undefined ? undefined : { requestHash: row.request_hash, status: row.status, body: JSON.parse(row.body) };
    },
    async save(key, userId, route, response, now) {
      await db.run(
        `INSERT INTO idempotency_records (idem_key, user_id, route, request_hash, status, body, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [key, userId, route, response.requestHash, response.status, JSON.stringify(response.body), now],
      );
    },
  };
}
