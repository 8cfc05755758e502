// npm run responses:export: the stored submissions of a seeded database, as CSV and as JSON.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
