import type { SqlDatabase } from './sql/database';

export type CancellationState = 'none' | 'pending' | 'confirmed';

/** One user's request to cancel one toolkit. */
export interface CancellationRequest {
  id: number;
  state: Exclude<CancellationState, 'none'>;
}

/** A mailed confirmation key as stored: only its hash, never the key. */
export interface KeyRecord {
  id: number;
  requestId: number;
  userId: string;
  toolkit: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

interface KeyRow {
  id: number;
  request_id: number;
  user_id: string;
  toolkit: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Cancellation requests and their confirmation keys. */
export interface CancellationTables {
  request(userId: string, toolkit: string): Promise<CancellationRequest | undefined>;
  /** The existing request, or a new pending one. */
  openRequest(userId: string, toolkit: string, now: number): Promise<CancellationRequest>;
  confirm(requestId: number, now: number): Promise<void>;
  /** The toolkits whose cancellation the user has confirmed. */
  confirmedToolkits(userId: string): Promise<string[]>;
  /** The cancellations waiting for their emailed link, with when the last email went out. */
  pendingRequests(userId: string): Promise<{ toolkit: string; lastKeyAt: number }[]>;
  /** When the user last got a key for this toolkit (rate limit). */
  lastKeyAt(userId: string, toolkit: string): Promise<number | undefined>;
  addKey(key: Omit<KeyRecord, 'id' | 'usedAt'> & { keyHash: string }): Promise<void>;
  keyByHash(keyHash: string): Promise<KeyRecord | undefined>;
  useKey(keyId: number, now: number): Promise<void>;
  /** Takes a confirmed cancellation back (the receipt's undo link): the request and its keys go, so the subscription is as before. */
  undo(userId: string, toolkit: string): Promise<void>;
}

/** The queries over cancellation_requests and confirmation_keys. */
export function cancellationTables(db: SqlDatabase): CancellationTables {
  const tables: CancellationTables = {
    request(userId, toolkit) {
      return db.get<CancellationRequest>('SELECT id, state FROM cancellation_requests WHERE user_id = ? AND toolkit = ?', [userId, toolkit]);
    },
    async openRequest(userId, toolkit, now) {
      // Inserted unless there is one: a concurrent request for the same cancellation finds the same row.
      await db.run(
        "INSERT INTO cancellation_requests (user_id, toolkit, state, created_at) VALUES (?, ?, 'pending', ?) ON CONFLICT (user_id, toolkit) DO NOTHING",
        [userId, toolkit, now],
      );
      const request = await tables.request(userId, toolkit);
      if (request === undefined) throw new Error('the cancellation request was not stored');
      return request;
    },
    async confirm(requestId, now) {
      await db.run("UPDATE cancellation_requests SET state = 'confirmed', confirmed_at = ? WHERE id = ? AND state = 'pending'", [now, requestId]);
    },
    async confirmedToolkits(userId) {
      const rows = await db.all<{ toolkit: string }>("SELECT toolkit FROM cancellation_requests WHERE user_id = ? AND state = 'confirmed' ORDER BY id", [userId]);
      return rows.map((row) => row.toolkit);
    },
    pendingRequests(userId) {
      return db.all<{ toolkit: string; lastKeyAt: number }>(
        `SELECT r.toolkit AS toolkit, MAX(k.created_at) AS "lastKeyAt" FROM cancellation_requests r
         JOIN confirmation_keys k ON k.request_id = r.id
         WHERE r.user_id = ? AND r.state = 'pending' GROUP BY r.id, r.toolkit ORDER BY r.id`,
        [userId],
      );
    },
    async lastKeyAt(userId, toolkit) {
      const row = await db.get<{ at: number | null }>('SELECT MAX(created_at) AS at FROM confirmation_keys WHERE user_id = ? AND toolkit = ?', [userId, toolkit]);
      return row?.at ?? undefined;
    },
    async addKey(key) {
      await db.run(
        `INSERT INTO confirmation_keys (key_hash, request_id, user_id, toolkit, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [key.keyHash, key.requestId, key.userId, key.toolkit, key.createdAt, key.expiresAt],
      );
    },
    async keyByHash(keyHash) {
      const row = await db.get<KeyRow>('SELECT * FROM confirmation_keys WHERE key_hash = ?', [keyHash]);
      return row === undefined
        ? undefined
        : {
            id: row.id,
            requestId: row.request_id,
            userId: row.user_id,
            toolkit: row.toolkit,
            createdAt: row.created_at,
            expiresAt: row.expires_at,
            usedAt: row.used_at,
          };
    },
    async useKey(keyId, now) {
      await db.run('UPDATE confirmation_keys SET used_at = ? WHERE id = ? AND used_at IS NULL', [now, keyId]);
    },
    async undo(userId, toolkit) {
      await db.run('DELETE FROM confirmation_keys WHERE user_id = ? AND toolkit = ?', [userId, toolkit]);
      await db.run('DELETE FROM cancellation_requests WHERE user_id = ? AND toolkit = ?', [userId, toolkit]);
    },
  };
  return tables;
}
