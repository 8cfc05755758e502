// Reads the audit trail of cancellations (cancellation_records) read-only, from the server's SQLite
// file or its PostgreSQL: which policy and version governed each one, the screens shown, and its times.
import type Database from 'better-sqlite3';
import { ExportError, readPostgres } from './stored-submissions';

/** One cancellation as the audit trail keeps it (times in epoch ms). */
export interface StoredRecord {
  reference: string;
  userId: string;
  toolkit: string;
  policy: string;
  policyVersion: number;
  effect: string;
  screens: string[];
  declaredAt: number;
  effectiveAt: number | null;
  undoneAt: number | null;
}

interface Row {
  reference: string;
  user_id: string;
  toolkit: string;
  policy: string;
  policy_version: number | string;
  effect: string;
  screens: string;
  declared_at: number | string;
  effective_at: number | string | null;
  undone_at: number | string | null;
}

const SELECT =
  'SELECT reference, user_id, toolkit, policy, policy_version, effect, screens, declared_at, effective_at, undone_at FROM cancellation_records WHERE declared_at >= ? ORDER BY declared_at, id';

// BIGINT columns arrive from PostgreSQL as strings; every stored value fits a JavaScript number.
const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));
const recordOf = (row: Row): StoredRecord => ({
  reference: row.reference,
  userId: row.user_id,
  toolkit: row.toolkit,
  policy: row.policy,
  policyVersion: Number(row.policy_version),
  effect: row.effect,
  screens: JSON.parse(row.screens) as string[],
  declaredAt: Number(row.declared_at),
  effectiveAt: numberOrNull(row.effective_at),
  undoneAt: numberOrNull(row.undone_at),
});

/** The records declared at or after `since` in the SQLite database, oldest first. */
export function readRecords(db: Database.Database, since?: number): StoredRecord[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cancellation_records'").get();
  if (table === undefined) throw new ExportError('the database has no cancellation_records table yet: start the server of this version once to migrate it');
  return db.prepare<[number], Row>(SELECT).all(since ?? Number.MIN_SAFE_INTEGER).map(recordOf);
}

/** The records declared at or after `since` in the PostgreSQL database at `url`, oldest first, read-only. */
export function readPostgresRecords(url: string, since?: number): Promise<StoredRecord[]> {
  return readPostgres(url, 'cancellation_records', ' yet: start the server of this version once to migrate it', async (client) =>
    (await client.query<Row>(SELECT.replace('?', '$1'), [since ?? Number.MIN_SAFE_INTEGER])).rows.map(recordOf),
  );
}
