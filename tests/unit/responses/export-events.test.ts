// npm run responses:export -- --events: the survey visits' events, one per row, with their visit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_CSV_HEADER } from '../../../scripts/responses/export-formats';
import { openSqlite } from '../../../src/server/store/sql/sqlite';
import { visitTables } from '../../../src/server/store/visits';
import { parseCsv } from './parse-csv';
import { runExport } from './run-export';

const STARTED = Date.parse('2026-03-01T09:00:00Z');
const VISIT = '00000000-0000-4000-8000-000000000001';
let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-events-'));
  dbFile = join(dir, 'cancel.sqlite');
  const db = openSqlite(dbFile);
  const visits = visitTables(db);
  const visit = await visits.start(
    { visitId: VISIT, userId: '1001', toolkit: 'seo', survey: 'cancellation', version: 'abcdef012345', audience: 'paid', language: 'de', experiment: 'discount-depth', variant: 'discount-30' },
    STARTED,
  );
  await visits.addEvents(visit, [{ id: '00000000-0000-4000-8000-00000000000a', type: 'visit' }], STARTED);
  await visits.addEvents(visit, [{ id: '00000000-0000-4000-8000-00000000000b', type: 'answer', step: 'reason', answer: 'not-using-now' }], STARTED + 86_400_000);
  await db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runExport(args, dir);

describe('--events', () => {
  it('writes every event as JSON with its visit: toolkit, audience, language, version and variant', async () => {
    const { status, out, notes } = await run(['--events', '--format', 'json', '--db', dbFile]);
    expect(status).toBe(0);
    const visit = { visitId: VISIT, userId: '1001', toolkit: 'seo', audience: 'paid', language: 'de', version: 'abcdef012345', experiment: 'discount-depth', variant: 'discount-30' };
    expect(JSON.parse(out)).toEqual([
      { eventId: '00000000-0000-4000-8000-00000000000a', at: '2026-03-01T09:00:00.000Z', type: 'visit', step: '', answer: '', ...visit },
      { eventId: '00000000-0000-4000-8000-00000000000b', at: '2026-03-02T09:00:00.000Z', type: 'answer', step: 'reason', answer: 'not-using-now', ...visit },
    ]);
    expect(notes).toEqual([`responses:export: 2 events from ${dbFile}`]);
  });

  it('writes CSV with its header, and --since keeps the events from that day', async () => {
    const { status, out } = await run(['--events', '--db', dbFile, '--since', '2026-03-02']);
    expect(status).toBe(0);
    const [header, ...rows] = parseCsv(out);
    expect(header).toEqual(EVENTS_CSV_HEADER);
    expect(rows).toEqual([['00000000-0000-4000-8000-00000000000b', '2026-03-02T09:00:00.000Z', 'answer', 'reason', 'not-using-now', VISIT, '1001', 'seo', 'paid', 'de', 'abcdef012345', 'discount-depth', 'discount-30']]);
  });

  it('refuses --events with --audit', async () => {
    const { status, notes } = await run(['--events', '--audit', '--db', dbFile]);
    expect(status).toBe(2);
    expect(notes[0]).toMatch(/--audit and --events each export something else/);
  });
});

describe('--events, one batch', () => {
  it('keeps the order its events happened in, which share their moment, not the order of their ids', async () => {
    const file = join(dir, 'batch.sqlite');
    const db = openSqlite(file);
    const visits = visitTables(db);
    const visit = await visits.start(
      { visitId: VISIT, userId: '1001', toolkit: 'seo', survey: 'cancellation', version: 'abcdef012345', audience: 'paid', language: 'en', experiment: '', variant: '' },
      STARTED,
    );
    // The page sends what happened since its last batch, in order; the ids are random, here the wrong way round.
    await visits.addEvents(
      visit,
      [
        { id: '00000000-0000-4000-8000-00000000000f', type: 'answer', step: 'reason', answer: 'not-meeting-needs' },
        { id: '00000000-0000-4000-8000-00000000000e', type: 'step', step: 'what-could-be-better' },
        { id: '00000000-0000-4000-8000-00000000000d', type: 'answer', step: 'what-could-be-better', answer: 'price-too-high' },
        { id: '00000000-0000-4000-8000-00000000000c', type: 'step', step: 'discount-offer' },
        { id: '00000000-0000-4000-8000-00000000000b', type: 'offer-shown', step: 'discount-offer' },
        { id: '00000000-0000-4000-8000-00000000000a', type: 'offer-accepted', step: 'discount-offer' },
      ],
      STARTED,
    );
    await db.close();
    const { status, out } = await run(['--events', '--format', 'json', '--db', file]);
    expect(status).toBe(0);
    expect((JSON.parse(out) as { type: string; step: string }[]).map((e) => `${e.type} ${e.step}`)).toEqual([
      'answer reason',
      'step what-could-be-better',
      'answer what-could-be-better',
      'step discount-offer',
      'offer-shown discount-offer',
      'offer-accepted discount-offer',
    ]);
  });
});
