// npm run responses:export: the stored submissions of a seeded database, as CSV and as JSON.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADER, type ExportedSubmission } from '../../../scripts/responses/export-formats';
import { main, type ExportIo } from '../../../scripts/responses/export';
import { openReadOnly, parseSince } from '../../../scripts/responses/stored-submissions';
import type { SurveyPayload } from '../../../src/model';
import { testBundle } from '../../server/helpers/bundle';
import { FIRST_DAY, sampleSubmissions, seedDatabase, TRICKY_COMMENT } from './seed-submissions';
import { parseCsv } from './parse-csv';

const DAY = 24 * 60 * 60 * 1000;
const submissions = sampleSubmissions(testBundle());
let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-export-'));
  dbFile = join(dir, 'cancel.sqlite');
  await seedDatabase(dbFile, submissions);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI and returns its status, what it wrote as data and its notes. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; out: string; notes: string[] }> {
  let out = '';
  const notes: string[] = [];
  const io: ExportIo = { write: (text) => (out += text), note: (line) => notes.push(line), env, cwd: dir };
  const status = await main(args, io);
  return { status, out, notes };
}

/** The path as the answers chosen and the offers declined, worked out here from the payload. */
function pathOf(payload: SurveyPayload): string {
  const answers = (['first_question', 'second_question', 'third_question', 'fourth_question'] as const).flatMap((slot) => payload.survey[slot]?.answers ?? []);
  const offers = (payload.retention ?? []).map((r) => `declined the ${r.kind} offer`);
  return [...answers, ...offers].join(' › ') || '(no answer chosen: a text-only form)';
}

describe('--format json', () => {
  it('holds every stored submission, oldest first, with its payload exactly as stored and its path', async () => {
    const { status, out, notes } = await run(['--format', 'json', '--db', dbFile]);
    expect(status).toBe(0);
    const exported = JSON.parse(out) as ExportedSubmission[];
    expect(exported).toHaveLength(submissions.length);
    exported.forEach((record, index) => {
      const stored = submissions[index];
      if (!stored) throw new Error('more records than submissions');
      expect(record).toEqual({
        id: index + 1,
        submittedAt: new Date(stored.createdAt).toISOString(),
        userId: stored.userId,
        toolkit: stored.toolkit,
        path: pathOf(stored.payload),
        payload: stored.payload,
      });
    });
    expect(exported.some((record) => record.path.includes('declined the discount offer'))).toBe(true);
    expect(notes).toEqual([`responses:export: ${submissions.length} submissions from ${dbFile}`]);
  });

  it('--since keeps the submissions stored on or after that day (UTC) or moment', async () => {
    const day = JSON.parse((await run(['--format', 'json', '--db', dbFile, '--since', '2025-05-10'])).out) as ExportedSubmission[];
    const expected = submissions.filter((s) => s.createdAt >= Date.parse('2025-05-10T00:00:00Z'));
    expect(day.map((r) => r.userId)).toEqual(expected.map((s) => s.userId));
    expect(day).toHaveLength(submissions.length - 9);

    const moment = new Date(FIRST_DAY + 9 * DAY + 1).toISOString();
    const after = JSON.parse((await run(['--format', 'json', '--db', dbFile, '--since', moment])).out) as ExportedSubmission[];
    expect(after).toHaveLength(submissions.length - 10);
  });
});

describe('--format csv', () => {
  it('is RFC 4180: a header, one CRLF-ended row per submission, quoted where needed', async () => {
    const { status, out } = await run(['--format', 'csv', '--db', dbFile]);
    expect(status).toBe(0);
    // UTF-8's byte order mark first, so that Excel reads the file as UTF-8; once, at the start only.
    expect(out.startsWith('\uFEFFid,')).toBe(true);
    expect(out.indexOf('\uFEFF', 1)).toBe(-1);
    expect(out.endsWith('\r\n')).toBe(true);
    expect(out.replace(/"[^"]*"/g, '').split('\n').every((line, i, all) => line.endsWith('\r') || i === all.length - 1)).toBe(true);
    const [header, ...rows] = parseCsv(out);
    expect(header).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(submissions.length);
    rows.forEach((row, index) => {
      const stored = submissions[index];
      if (!stored) throw new Error('more rows than submissions');
      const cell = (name: string): string => row[CSV_HEADER.indexOf(name)] ?? '';
      const { payload } = stored;
      expect(cell('id')).toBe(String(index + 1));
      expect(cell('submitted_at')).toBe(new Date(stored.createdAt).toISOString());
      expect(cell('user_id')).toBe(stored.userId);
      expect(cell('toolkit')).toBe(stored.toolkit);
      expect(cell('path')).toBe(pathOf(payload));
      (['first_question', 'second_question', 'third_question', 'fourth_question'] as const).forEach((slot, n) => {
        const entry = payload.survey[slot];
        expect(cell(`step${n + 1}_question`)).toBe(entry?.question ?? '');
        expect(cell(`step${n + 1}_answers`)).toBe(entry?.answers.join('; ') ?? '');
        const comment = entry?.comment ?? '';
        // A cell a spreadsheet would run as a formula starts with an apostrophe.
        expect(cell(`step${n + 1}_comment`)).toBe(/^[=+\-@]/.test(comment) ? `'${comment}` : comment);
      });
      expect(cell('declined_offers')).toBe((payload.retention ?? []).map((r) => `${r.offer} (${r.kind})`).join('; '));
      expect(cell('name')).toBe(payload.name);
      expect(cell('email')).toBe(payload.email);
      expect(cell('accepted_terms')).toBe(String(payload.accepted_terms));
      expect(cell('survey_timestamp')).toBe(payload.timestamp);
    });
    // The comment with a formula start, quotes, a comma and a line break survives the round trip.
    expect(rows.some((row) => row.includes(`'${TRICKY_COMMENT}`))).toBe(true);
    expect(out).toContain(`"'${TRICKY_COMMENT.replace(/"/g, '""')}"`);
  });

  it('is the default format, and --since applies to it too', async () => {
    const { out } = await run(['--db', dbFile, '--since', '2025-06-01']);
    const [, ...rows] = parseCsv(out);
    expect(rows).toHaveLength(submissions.filter((s) => s.createdAt >= Date.parse('2025-06-01T00:00:00Z')).length);
  });

  it('--out writes the file; DB_FILE names the database when --db does not', async () => {
    const { status, out, notes } = await run(['--format', 'csv', '--out', 'export.csv'], { DB_FILE: dbFile });
    expect(status).toBe(0);
    expect(out).toBe('');
    expect(parseCsv(readFileSync(join(dir, 'export.csv'), 'utf8'))).toHaveLength(submissions.length + 1);
    expect(notes[0]).toMatch(/written to export\.csv \(csv\)$/);
  });
});

describe('the database', () => {
  it('is opened read-only', () => {
    const db = openReadOnly(dbFile);
    try {
      expect(db.readonly).toBe(true);
    } finally {
      db.close();
    }
  });

  it('missing, or not the server’s: exit status 1 and a sentence', async () => {
    const missing = await run(['--db', join(dir, 'nope.sqlite')]);
    expect(missing.status).toBe(1);
    expect(missing.notes[0]).toMatch(/there is no database at .*nope\.sqlite/);
  });
});

describe('the paths given, read from the folder the command was run in', () => {
  it('finds --db and writes --out there (npm runs the tool in the project root and names that folder in INIT_CWD)', async () => {
    const here = join(dir, 'analysis');
    mkdirSync(here, { recursive: true });
    let out = '';
    const notes: string[] = [];
    const io: ExportIo = { write: (text) => (out += text), note: (line) => notes.push(line), env: {}, cwd: join(dir, 'project'), userCwd: here };
    expect(await main(['--db', '../cancel.sqlite', '--out', 'responses.csv'], io)).toBe(0);
    expect(out).toBe('');
    expect(parseCsv(readFileSync(join(here, 'responses.csv'), 'utf8'))).toHaveLength(submissions.length + 1);
    expect(notes).toEqual([`responses:export: ${submissions.length} submissions from ${dbFile} written to responses.csv (csv)`]);
  });

  it('takes that folder from INIT_CWD on the command line', () => {
    const run = spawnSync(resolve('node_modules/.bin/tsx'), ['scripts/responses/export.ts', '--db', 'cancel.sqlite', '--format', 'json'], {
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: dir, DATABASE_URL: '' },
    });
    expect(run.stderr).toBe(`responses:export: ${submissions.length} submissions from ${dbFile}\n`);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(submissions.length);
  });
});

describe('what the export cannot read or write', () => {
  it('a file that is no SQLite database: exit status 1, naming the file', async () => {
    const text = join(dir, 'README.md');
    writeFileSync(text, '# Not a database\n\nJust some text, long enough to be more than a header of a file.\n'.repeat(20));
    const { status, notes } = await run(['--db', text]);
    expect(status).toBe(1);
    expect(notes).toEqual([`responses:export: ${text} is not a SQLite database: name the server's database file with --db`]);
  });

  it('a folder given as the database: exit status 1, saying it is a folder', async () => {
    const { status, notes } = await run(['--db', dir]);
    expect(status).toBe(1);
    expect(notes).toEqual([`responses:export: ${dir} is a folder, not a SQLite database: name the database file in it with --db`]);
  });

  it('--out in a folder that does not exist: exit status 2, naming the folder, and nothing read', async () => {
    const missing = join(dir, 'nodir');
    const { status, out, notes } = await run(['--db', dbFile, '--out', join(missing, 'x.csv')]);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(notes).toEqual([`responses:export: the folder ${missing} does not exist: create it first, or name a file in another folder with --out`]);
  });

  it('--out naming a folder: exit status 2, asking for a file name in it', async () => {
    const { status, notes } = await run(['--db', dbFile, '--out', dir, '--format', 'json']);
    expect(status).toBe(2);
    expect(notes).toEqual([`responses:export: ${dir} is a folder: give --out a file name in it, such as ${join(dir, 'responses.json')}`]);
  });
});

describe('wrong arguments: exit status 2 and the usage', () => {
  for (const args of [['--format', 'xml'], ['--since', '1 May'], ['--since', '2025-02-30'], ['--colour']]) {
    it(args.join(' '), async () => {
      const { status, notes } = await run([...args, '--db', dbFile]);
      expect(status).toBe(2);
      expect(notes.join('\n')).toContain('usage: npm run responses:export');
    });
  }
});

describe('parseSince', () => {
  it('reads days and ISO moments, nothing else', () => {
    expect(parseSince('2025-05-10')).toBe(Date.parse('2025-05-10T00:00:00Z'));
    expect(parseSince('2025-05-10T12:30:00+02:00')).toBe(Date.parse('2025-05-10T10:30:00Z'));
    expect(parseSince('2025-13-01')).toBeUndefined();
    expect(parseSince('yesterday')).toBeUndefined();
  });

  it('reads a date and time without a zone as UTC, whatever the machine’s time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = tz;
        expect(parseSince('2025-05-10T08:00'), tz).toBe(Date.parse('2025-05-10T08:00:00Z'));
        expect(parseSince('2025-05-10T08:00:30.5'), tz).toBe(Date.parse('2025-05-10T08:00:30.500Z'));
        expect(parseSince('2025-05-10T08:00+02'), tz).toBe(Date.parse('2025-05-10T06:00:00Z'));
        expect(parseSince('2025-05-10T08:00-0130'), tz).toBe(Date.parse('2025-05-10T09:30:00Z'));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses a day that is not in the calendar, or a time that is not one', () => {
    expect(parseSince('2025-02-30T08:00')).toBeUndefined();
    expect(parseSince('2025-05-10T8:00')).toBeUndefined();
    expect(parseSince('2025-05-10T25:00')).toBeUndefined();
    expect(parseSince('2025-05-10 08:00')).toBeUndefined();
  });

  it('keeps the submissions from that moment in UTC through the command line', async () => {
    const zone = process.env.TZ;
    try {
      // An hour before the tenth day's submissions (10:00 UTC): in Los Angeles' time it would be after them.
      process.env.TZ = 'America/Los_Angeles';
      const utc = FIRST_DAY + 9 * DAY - 60 * 60 * 1000;
      const moment = new Date(utc).toISOString().slice(0, 16);
      expect(moment).toBe('2025-05-10T09:00');
      const after = JSON.parse((await run(['--format', 'json', '--db', dbFile, '--since', moment])).out) as ExportedSubmission[];
      expect(after.map((r) => r.userId)).toEqual(submissions.filter((s) => s.createdAt >= utc).map((s) => s.userId));
      expect(after).toHaveLength(submissions.length - 9);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
