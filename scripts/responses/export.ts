// CLI: npm run responses:export -- --format csv|json [--since DATE] [--db FILE] [--out FILE] [--audit | --events]
// The survey submissions the reference server stored, one per row (CSV) or entry (JSON), each with the
// path taken, survey version and experiment variant; with --audit, the audit trail of cancellations
// instead (docs/compliance.md); with --events, the survey visits' events (retention insights). Reads the database read-only: --db (a SQLite file or a postgres:// URL), else the
// server's own: DATABASE_URL (PostgreSQL), else DB_FILE, else data/cancel.sqlite.
// --db and --out are read from the folder the command was run in (npm's INIT_CWD), as the shell would;
// DB_FILE and BUNDLE_FILE from the project root, as the server reads them.
// Exit status: 0 done; 1 the database could not be read or the file could not be written; 2 wrong arguments
// (an --out in a folder that does not exist among them: nothing is read then).
import { existsSync, readFileSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { submissionPathOf, surveyOfToolkit } from '../../src/engine';
import type { CompiledBundle } from '../../src/model';
import { invocationDir, runWhenMain } from '../survey-tools/run-cli';
import { eventsCsv, eventsJson, recordsCsv, recordsJson, submissionsCsv, submissionsJson, type PathOf } from './export-formats';
import { readEvents, readPostgresEvents } from './stored-events';
import { readPostgresRecords, readRecords } from './stored-records';
import { ExportError, isPostgresUrl, openReadOnly, parseSince, readPostgresSubmissions, readSubmissions, withoutPassword, type StoredSubmission } from './stored-submissions';

/** The compiled survey the server serves (src/server/config.ts): a record's path ids are named by its texts. */
const DEFAULT_BUNDLE_FILE = 'src/generated/survey.json';

/**
 * Names each record's path from its ids through the compiled survey (BUNDLE_FILE, else the build's);
 * without a compiled survey, and for records stored before payloads carried their path, from its texts.
 */
function pathNamer(bundleFile: string): PathOf {
  const bundle = existsSync(bundleFile) ? (JSON.parse(readFileSync(bundleFile, 'utf8')) as CompiledBundle) : undefined;
  return (payload) => submissionPathOf(bundle && surveyOfToolkit(bundle, payload.toolkit), payload);
}

/** The server's database when neither --db nor DB_FILE names another (src/server/config.ts). */
export const DEFAULT_DB_FILE = 'data/cancel.sqlite';

const USAGE = `usage: npm run responses:export -- [--format csv|json] [--since YYYY-MM-DD] [--db FILE] [--out FILE] [--audit | --events]
  --format  csv (default): one row per submission, English texts, in UTF-8 with a byte order mark (as spreadsheets need); json: every stored field and the payload as posted
  --since   only submissions stored on or after this day (YYYY-MM-DD) or moment (YYYY-MM-DDTHH:MM), in UTC
            unless it names its zone (2025-05-10T08:00+02:00)
  --db      the SQLite file or a postgres:// URL (default: $DATABASE_URL, else $DB_FILE, else ${DEFAULT_DB_FILE})
  --out     write to this file instead of standard output (or use npm run -s, so npm's own lines stay out)
  --audit   the audit trail of cancellations instead: policy and version, screens shown, declared, effective and undone times
  --events  the survey visits' events instead, one per row: type, step and answer ids, and the visit's toolkit, audience, language, version and variant`;

/** What the CLI writes to: the data, and notes for the person running it. */
export interface ExportIo {
  write: (text: string) => void;
  note: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** The project root: DB_FILE, BUNDLE_FILE and the default database are read from it, as the server reads them. */
  cwd: string;
  /** The folder the user ran the command in, which --db and --out are read from (default: `cwd`). */
  userCwd?: string;
}

const processIo: ExportIo = {
  write: (text) => process.stdout.write(text),
  note: (line) => console.error(line),
  env: process.env,
  cwd: process.cwd(),
  userCwd: invocationDir(),
};

/** Why `file` cannot be written, when its folder is missing or is no folder; undefined when it can be tried. */
async function folderProblem(file: string, format: string): Promise<string | undefined> {
  const folder = dirname(file);
  const info = await stat(folder).catch(() => undefined);
  if (!info) return `the folder ${folder} does not exist: create it first, or name a file in another folder with --out`;
  if (!info.isDirectory()) return `${folder} is not a folder, so --out cannot write ${file} in it`;
  if ((await stat(file).catch(() => undefined))?.isDirectory()) return `${file} is a folder: give --out a file name in it, such as ${resolve(file, `responses.${format}`)}`;
  return undefined;
}

/** Reads from SQLite (opened read-only) or PostgreSQL, as `source` says. */
async function readFrom<T>(source: string, dbFile: string, sqlite: (db: ReturnType<typeof openReadOnly>) => T, postgres: (url: string) => Promise<T>): Promise<T> {
  if (isPostgresUrl(source)) return postgres(source);
  const db = openReadOnly(dbFile);
  try {
    return sqlite(db);
  } finally {
    db.close();
  }
}

/** The stored submissions as `format`, each with its path named. */
async function submissionsText(source: string, dbFile: string, since: number | undefined, format: 'csv' | 'json', io: ExportIo) {
  const submissions: StoredSubmission[] = await readFrom(source, dbFile, (db) => readSubmissions(db, since), (url) => readPostgresSubmissions(url, since));
  const pathOf = pathNamer(resolve(io.cwd, io.env.BUNDLE_FILE?.trim() || DEFAULT_BUNDLE_FILE));
  return { count: submissions.length, text: format === 'csv' ? submissionsCsv(submissions, pathOf) : submissionsJson(submissions, pathOf) };
}

/** The audit trail of cancellations as `format`. */
async function auditText(source: string, dbFile: string, since: number | undefined, format: 'csv' | 'json') {
  const records = await readFrom(source, dbFile, (db) => readRecords(db, since), (url) => readPostgresRecords(url, since));
  return { count: records.length, text: format === 'csv' ? recordsCsv(records) : recordsJson(records) };
}

/** The survey visits' events as `format`. */
async function eventsText(source: string, dbFile: string, since: number | undefined, format: 'csv' | 'json') {
  const events = await readFrom(source, dbFile, (db) => readEvents(db, since), (url) => readPostgresEvents(url, since));
  return { count: events.length, text: format === 'csv' ? eventsCsv(events) : eventsJson(events) };
}

/** Runs the export and returns the exit status: 0 done, 1 the database could not be read or the file not written, 2 wrong arguments. */
export async function main(args: readonly string[], io: ExportIo = processIo): Promise<number> {
  let values: { format?: string; since?: string; db?: string; out?: string; help?: boolean; audit?: boolean; events?: boolean };
  try {
    values = parseArgs({
      args: [...args],
      options: {
        format: { type: 'string' },
        since: { type: 'string' },
        db: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean' },
        audit: { type: 'boolean' },
        events: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    io.note(`responses:export: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.note(USAGE);
    return 0;
  }
  if (values.audit && values.events) {
    io.note(`responses:export: --audit and --events each export something else; give one of them\n${USAGE}`);
    return 2;
  }
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') {
    io.note(`responses:export: --format must be csv or json, not '${format}'\n${USAGE}`);
    return 2;
  }
  const since = values.since === undefined ? undefined : parseSince(values.since);
  if (values.since !== undefined && since === undefined) {
    io.note(`responses:export: --since must be a day (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, UTC unless a zone follows), not '${values.since}'\n${USAGE}`);
    return 2;
  }
  const userCwd = io.userCwd ?? io.cwd;
  const outFile = values.out === undefined ? undefined : resolve(userCwd, values.out);
  const cannotWrite = outFile === undefined ? undefined : await folderProblem(outFile, format);
  if (cannotWrite !== undefined) {
    io.note(`responses:export: ${cannotWrite}`);
    return 2;
  }
  // The database the server would use: DATABASE_URL before DB_FILE, as src/server/config.ts reads them.
  const source = values.db ?? (io.env.DATABASE_URL?.trim() || io.env.DB_FILE?.trim() || DEFAULT_DB_FILE);
  const postgres = isPostgresUrl(source);
  const dbFile = postgres ? withoutPassword(source) : resolve(values.db === undefined ? io.cwd : userCwd, source);

  let text: string;
  let count: number;
  try {
    const read = values.audit
      ? await auditText(source, dbFile, since, format)
      : values.events
        ? await eventsText(source, dbFile, since, format)
        : await submissionsText(source, dbFile, since, format, io);
    ({ text, count } = read);
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    io.note(`responses:export: ${error.message}`);
    return 1;
  }
  const noun = values.audit ? 'cancellation record' : values.events ? 'event' : 'submission';
  const what = `${count} ${noun}${count === 1 ? '' : 's'}${values.since === undefined ? '' : ` since ${values.since}`}`;
  if (outFile === undefined) {
    io.write(text);
    io.note(`responses:export: ${what} from ${dbFile}`);
  } else {
    try {
      await writeFile(outFile, text);
    } catch (error) {
      io.note(`responses:export: cannot write ${outFile}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    io.note(`responses:export: ${what} from ${dbFile} written to ${values.out} (${format})`);
  }
  return 0;
}

runWhenMain(import.meta.url, 'responses:export', (args) => {
  // Piped into `head` or a pager that quits early: stop quietly, as other command-line tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  return main(args);
});
