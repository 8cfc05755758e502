import type { Db } from '../db';

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
  request(userId: string, toolkit: string): CancellationRequest | undefined;
  /** The existing request, or a new pending one. */
  openRequest(userId: string, toolkit: string, now: number): CancellationRequest;
  confirm(requestId: number, now: number): void;
  /** The toolkits whose cancellation the user has confirmed. */
  confirmedToolkits(userId: string): string[];
  /** The cancellations waiting for their emailed link, with when the last email went out. */
  pendingRequests(userId: string): { toolkit: string; lastKeyAt: number }[];
  /** When the user last got a key for this toolkit (rate limit). */
  lastKeyAt(userId: string, toolkit: string): number | undefined;
  addKey(key: Omit<KeyRecord, 'id' | 'usedAt'> & { keyHash: string }): void;
  keyByHash(keyHash: string): KeyRecord | undefined;
  useKey(keyId: number, now: number): void;
}

/** The queries over cancellation_requests and confirmation_keys. */
export function cancellationTables(db: Db): CancellationTables {
  const selectRequest = db.prepare('SELECT id, state FROM cancellation_requests WHERE user_id = ? AND toolkit = ?');
  const insertRequest = db.prepare(
    "INSERT INTO cancellation_requests (user_id, toolkit, state, created_at) VALUES (?, ?, 'pending', ?)",
  );
  const confirmRequest = db.prepare(
    "UPDATE cancellation_requests SET state = 'confirmed', confirmed_at = ? WHERE id = ? AND state = 'pending'",
  );
  const selectConfirmed = db.prepare("SELECT toolkit FROM cancellation_requests WHERE user_id = ? AND state = 'confirmed' ORDER BY id");
  const selectPending = db.prepare(
    `SELECT r.toolkit AS toolkit, MAX(k.created_at) AS lastKeyAt FROM cancellation_requests r
     JOIN confirmation_keys k ON k.request_id = r.id
     WHERE r.user_id = ? AND r.state = 'pending' GROUP BY r.id ORDER BY r.id`,
  );
  const lastKey = db.prepare('SELECT MAX(created_at) AS at FROM confirmation_keys WHERE user_id = ? AND toolkit = ?');
  const insertKey = db.prepare(
    `INSERT INTO confirmation_keys (key_hash, request_id, user_id, toolkit, created_at, expires_at)
     VALUES (@keyHash, @requestId, @userId, @toolkit, @createdAt, @expiresAt)`,
  );
  const selectKey = db.prepare('SELECT * FROM confirmation_keys WHERE key_hash = ?');
  const useKey = db.prepare('UPDATE confirmation_keys SET used_at = ? WHERE id = ? AND used_at IS NULL');

  const tables: CancellationTables = {
    request(userId, toolkit) {
      return selectRequest.get(userId, toolkit) as CancellationRequest | undefined;
    },
    openRequest(userId, toolkit, now) {
      const existing = tables.request(userId, toolkit);
      if (existing !== undefined) return existing;
      const id = Number(insertRequest.run(userId, toolkit, now).lastInsertRowid);
      return { id, state: 'pending' };
    },
    confirm(requestId, now) {
      confirmRequest.run(now, requestId);
    },
    confirmedToolkits(userId) {
      return (selectConfirmed.all(userId) as { toolkit: string }[]).map((row) => row.toolkit);
    },
    pendingRequests(userId) {
      return selectPending.all(userId) as { toolkit: string; lastKeyAt: number }[];
    },
    lastKeyAt(userId, toolkit) {
      const row = lastKey.get(userId, toolkit) as { at: number | null };
      return row.at ?? undefined;
    },
    addKey(key) {
      insertKey.run(key);
    },
    keyByHash(keyHash) {
      const row = selectKey.get(keyHash) as KeyRow | undefined;
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
    useKey(keyId, now) {
      useKey.run(now, keyId);
    },
  };
  return tables;
}
