// Reads the survey submissions the reference server stored (the survey_submissions table), read-only:
// from its SQLite file, or from PostgreSQL when the server runs there (DATABASE_URL).
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { SurveyPayload } from '../../src/model';

/** One stored submission: who sent it, for which toolkit, when (epoch ms), and the payload as posted. */
export interface StoredSubmission {
  id: number;
  userId: string;
  toolkit: string;
  createdAt: number;
  payload: SurveyPayload;
  /** The survey version answered, and the experiment and variant the customer was in (empty outside one); null before they were recorded. */
  version?: string | null;
  experiment?: string | null;
  variant?: string | null;
}

/** A database the export cannot read, with a sentence saying why. */
export class ExportError extends Error {
  override name = 'ExportError';
}

/** Opens the server's SQLite file read-only: the export never writes, and may run while the server does. */
export function openReadOnly(file: string): Database.Database {
  if (!existsSync(file)) throw new ExportError(`there is no database at ${file}: start the server once (npm start), or name the file with --db`);
  if (statSync(file).isDirectory()) throw new ExportError(`${file} is a folder, not a SQLite database: name the database file in it with --db`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new ExportError(`cannot open the database ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let table: unknown;
  try {
    table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'survey_submissions'").get();
  } catch (error) {
    db.close();
    // SQLite opens any file, and finds out at the first read that it is not one of its databases.
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') {
      throw new ExportError(`${file} is not a SQLite database: name the server's database file with --db`);
    }
    throw new ExportError(`cannot read the database ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (table === undefined) {
    db.close();
    throw new ExportError(`${file} has no survey_submissions table: is it the server's database?`);
  }
  return db;
}

interface Row {
  id: number | string;
  user_id: string;
  toolkit: string;
  payload: string;
  created_at: number | string;
  version: string | null;
  experiment: string | null;
  variant: string | null;
}

/** The stored submissions and what each records beside its payload (`?`: the oldest time). */
const SUBMISSIONS_SQL =
  'SELECT id, user_id, toolkit, payload, created_at, version, experiment, variant FROM survey_submissions WHERE created_at >= ? ORDER BY created_at, id';

// BIGINT columns arrive from PostgreSQL as strings; every stored value fits a JavaScript number.
const submissionOf = (row: Row): StoredSubmission => ({
  id: Number(row.id),
  userId: row.user_id,
  toolkit: row.toolkit,
  createdAt: Number(row.created_at),
  payload: JSON.parse(row.payload) as SurveyPayload,
  version: row.version,
  experiment: row.experiment,
  variant: row.variant,
});

/** The submissions stored at or after `since` (epoch ms; all when absent), oldest first. */
export function readSubmissions(db: Database.Database, since?: number): StoredSubmission[] {
  return db.prepare<[number], Row>(SUBMISSIONS_SQL).all(since ?? Number.MIN_SAFE_INTEGER).map(submissionOf);
}

/** Whether `--db` (or DATABASE_URL) names a PostgreSQL database rather than a SQLite file. */
export const isPostgresUrl = (source: string): boolean => /^postgres(ql)?:\/\//.test(source);

/** A PostgreSQL URL as the notes show it: without its password. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

/**
 * Runs `read` on the PostgreSQL database at `url` in a read-only transaction, once `table` is there;
 * `missing` says what its absence means.
 */
export async function readPostgres<T>(url: string, table: string, missing: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new ExportError(`cannot connect to ${withoutPassword(url)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await client.query('BEGIN READ ONLY');
    const found = await client.query('SELECT to_regclass($1) AS name', [table]);
    if ((found.rows[0] as { name: string | null } | undefined)?.name == null) throw new ExportError(`${withoutPassword(url)} has no ${table} table${missing}`);
    const result = await read(client);
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

/** The submissions stored at or after `since` in the PostgreSQL database at `url`, oldest first, in a read-only transaction. */
export async function readPostgresSubmissions(url: string, since?: number): Promise<StoredSubmission[]> {
  return readPostgres(url, 'survey_submissions', ": is it the server's database?", async (client) =>
    (await client.query<Row>(SUBMISSIONS_SQL.replace('?', '$1'), [since ?? Number.MIN_SAFE_INTEGER])).rows.map(submissionOf),
  );
}

/**
 * The moment `--since` names, in epoch ms: a day (YYYY-MM-DD, from midnight UTC) or an ISO 8601 date
 * and time (YYYY-MM-DDTHH:MM, with seconds and a fraction if wanted), in UTC unless it names its zone
 * (`Z`, `+02:00`): never the local time of the machine it runs on. Undefined when it is neither.
 */
export function parseSince(value: string): number | undefined {
  const moment = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i.exec(value);
  if (!moment) return undefined;
  const [, day = '', time, zone] = moment;
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls an impossible day over (2025-02-30 is 2 March): a day must be one of the calendar.
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined;
  if (time === undefined) return midnight;
  // A zone of whole hours (+02) is +02:00, which is the form Date.parse reads.
  const ms = Date.parse(`${day}T${time}${zone === undefined ? 'Z' : /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone.toUpperCase()}`);
  return Number.isNaN(ms) ? undefined : ms;
}
