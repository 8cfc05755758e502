import type { Db } from '../db';

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
  find(key: string, userId: string, route: string): StoredResponse | undefined;
  save(key: string, userId: string, route: string, response: StoredResponse, now: number): void;
}

/** The idempotency table's queries. */
export function idempotencyTable(db: Db): IdempotencyTable {
  const select = db.prepare(
    'SELECT request_hash, status, body FROM idempotency_records WHERE idem_key = ? AND user_id = ? AND route = ?',
  );
  const insert = db.prepare(
    `INSERT INTO idempotency_records (idem_key, user_id, route, request_hash, status, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    find(key, userId, route) {
      const row = select.get(key, userId, route) as { request_hash: string; status: number; body: string } | undefined;
      return row === undefined ? undefined : { requestHash: row.request_hash, status: row.status, body: JSON.parse(row.body) };
    },
    save(key, userId, route, response, now) {
      insert.run(key, userId, route, response.requestHash, response.status, JSON.stringify(response.body), now);
    },
  };
}
