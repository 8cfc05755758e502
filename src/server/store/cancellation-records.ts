import type { EffectRule } from '../../model';
import type { SqlDatabase, SqlValue } from './sql/database';

/** One cancellation as the audit trail keeps it. */
export interface CancellationRecord {
  id: number;
  /** Shown to the customer and in the receipt, e.g. C-7K2M9Q4T. */
  reference: string;
  userId: string;
  toolkit: string;
  policy: string;
  policyVersion: number;
  effect: EffectRule;
  /** The screens shown before the cancellation was declared (step ids, and `declaration`). */
  screens: string[];
  declaredAt: number;
  effectiveAt: number | null;
  undoneAt: number | null;
}

/** A receipt's undo key as stored: only its hash. */
export interface UndoKey {
  recordId: number;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

interface RecordRow {
  id: number;
  reference: string;
  user_id: string;
  toolkit: string;
  policy: string;
  policy_version: number;
  effect: EffectRule;
  screens: string;
  declared_at: number;
  effective_at: number | null;
  undone_at: number | null;
}

/** The audit trail of cancellations (cancellation_records) and the receipts' undo keys. */
export interface CancellationRecords {
  insert(record: Omit<CancellationRecord, 'id' | 'undoneAt'>): Promise<CancellationRecord>;
  /** The user's latest declared cancellation of the toolkit that has not taken effect nor been undone. */
  awaitingEffect(userId: string, toolkit: string): Promise<CancellationRecord | undefined>;
  /** The user's latest record of the toolkit, whatever its state. */
  latest(userId: string, toolkit: string): Promise<CancellationRecord | undefined>;
  takeEffect(id: number, now: number): Promise<void>;
  markUndone(id: number, now: number): Promise<void>;
  byId(id: number): Promise<CancellationRecord | undefined>;
  /** Every record declared in [from, to), oldest first (the export). */
  declaredIn(from: number, to: number): Promise<CancellationRecord[]>;
  /** Deletes the records declared before `cutoff` (the retention period) and their keys; returns how many went. */
  purgeBefore(cutoff: number): Promise<number>;
  addUndoKey(keyHash: string, key: Omit<UndoKey, 'usedAt'>): Promise<void>;
  undoKeyByHash(keyHash: string): Promise<UndoKey | undefined>;
  useUndoKey(keyHash: string, now: number): Promise<void>;
}

const recordOf = (row: RecordRow): CancellationRecord => ({
  id: row.id,
  reference: row.reference,
  userId: row.user_id,
  toolkit: row.toolkit,
  policy: row.policy,
  policyVersion: row.policy_version,
  effect: row.effect,
  screens: JSON.parse(row.screens) as string[],
  declaredAt: row.declared_at,
  effectiveAt: row.effective_at,
  undoneAt: row.undone_at,
});

/** The queries over cancellation_records and undo_keys. */
export function cancellationRecords(db: SqlDatabase): CancellationRecords {
  const one = async (sql: string, params: readonly SqlValue[]) => {
    const row = await db.get<RecordRow>(sql, params);
    return row && recordOf(row);
  };
  return {
    async insert(record) {
      const row = await db.get<RecordRow>(
        `INSERT INTO cancellation_records (reference, user_id, toolkit, policy, policy_version, effect, screens, declared_at, effective_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [
          record.reference,
          record.userId,
          record.toolkit,
          record.policy,
          record.policyVersion,
          record.effect,
          JSON.stringify(record.screens),
          record.declaredAt,
          record.effectiveAt,
        ],
      );
      if (row === undefined) throw new Error('the cancellation record was not stored');
      return recordOf(row);
    },
    awaitingEffect: (userId, toolkit) =>
      one(
        'SELECT * FROM cancellation_records WHERE user_id = ? AND toolkit = ? AND effective_at IS NULL AND undone_at IS NULL ORDER BY id DESC LIMIT 1',
        [userId, toolkit],
      ),
    latest: (userId, toolkit) => one('SELECT * FROM cancellation_records WHERE user_id = ? AND toolkit = ? ORDER BY id DESC LIMIT 1', [userId, toolkit]),
    async takeEffect(id, now) {
      await db.run('UPDATE cancellation_records SET effective_at = ? WHERE id = ? AND effective_at IS NULL', [now, id]);
    },
    async markUndone(id, now) {
      await db.run('UPDATE cancellation_records SET undone_at = ? WHERE id = ? AND undone_at IS NULL', [now, id]);
    },
    byId: (id) => one('SELECT * FROM cancellation_records WHERE id = ?', [id]),
    async declaredIn(from, to) {
      const rows = await db.all<RecordRow>('SELECT * FROM cancellation_records WHERE declared_at >= ? AND declared_at < ? ORDER BY id', [from, to]);
      return rows.map(recordOf);
    },
    async purgeBefore(cutoff) {
      await db.run('DELETE FROM undo_keys WHERE record_id IN (SELECT id FROM cancellation_records WHERE declared_at < ?)', [cutoff]);
      const gone = await db.all<{ id: number }>('DELETE FROM cancellation_records WHERE declared_at < ? RETURNING id', [cutoff]);
      return gone.length;
    },
    async addUndoKey(keyHash, key) {
      await db.run('INSERT INTO undo_keys (key_hash, record_id, user_id, expires_at) VALUES (?, ?, ?, ?)', [keyHash, key.recordId, key.userId, key.expiresAt]);
    },
    async undoKeyByHash(keyHash) {
      const row = await db.get<{ record_id: number; user_id: string; expires_at: number; used_at: number | null }>(
        'SELECT record_id, user_id, expires_at, used_at FROM undo_keys WHERE key_hash = ?',
        [keyHash],
      );
      return row && { recordId: row.record_id, userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at };
    },
    async useUndoKey(keyHash, now) {
      await db.run('UPDATE undo_keys SET used_at = ? WHERE key_hash = ? AND used_at IS NULL', [now, keyHash]);
    },
  };
}
