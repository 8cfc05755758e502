// npm run responses:export on PostgreSQL (the SQLite run leaves *.postgres.test.ts out, vitest.config.ts):
// it reads the same submissions as from the SQLite file (tests/unit/responses/export.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type ExportIo } from '../../scripts/responses/export';
import { openStore } from '../../src/server/store/store';
import { sampleSubmissions, seedDatabase } from '../unit/responses/seed-submissions';
import { testBundle } from './helpers/bundle';
import { createTestDatabase, type TestDatabase } from './helpers/databases';

const submissions = sampleSubmissions(testBundle());
let dir: string;
let database: TestDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-export-pg-'));
  database = await createTestDatabase(dir);
  // The server's schema, then the submissions as the server stores them.
  const store = await openStore({ dbFile: database.file, databaseUrl: database.url, databasePoolSize: 2 });
  await store.close();
  await seedDatabase(await database.connection(), submissions);
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('responses:export from PostgreSQL', () => {
  it('reads every submission, oldest first, from DATABASE_URL, saying where from without the password', async () => {
    let out = '';
    const notes: string[] = [];
    const url = new URL(database.url ?? '');
    url.password = 'secret';
    const io: ExportIo = { write: (text) => (out += text), note: (line) => notes.push(line), env: { DATABASE_URL: url.toString() }, cwd: dir };
    expect(await main(['--format', 'json'], io)).toBe(0);
    const exported = JSON.parse(out) as { toolkit: string; payload: unknown }[];
    expect(exported.map((row) => [row.toolkit, row.payload])).toEqual(submissions.map((s) => [s.toolkit, s.payload]));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^responses:export: ${submissions.length} submissions from postgres://postgres:\\*\\*\\*@`));
  });
});

describe('responses:export --events from PostgreSQL', () => {
  it('keeps the order the events of one batch happened in, which share their moment, not the order of their ids', async () => {
    const store = await openStore({ dbFile: database.file, databaseUrl: database.url, databasePoolSize: 2 });
    const started = Date.parse('2026-03-01T09:00:00Z');
    const visit = await store.visits.start(
      { visitId: '00000000-0000-4000-8000-000000000001', userId: '1001', toolkit: 'seo', survey: 'cancellation', version: 'abcdef012345', audience: 'paid', language: 'en', experiment: '', variant: '' },
      started,
    );
    await store.visits.addEvents(
      visit,
      [
        { id: '00000000-0000-4000-8000-00000000000f', type: 'answer', step: 'reason', answer: 'not-meeting-needs' },
        { id: '00000000-0000-4000-8000-00000000000e', type: 'step', step: 'what-could-be-better' },
        { id: '00000000-0000-4000-8000-00000000000d', type: 'offer-shown', step: 'discount-offer' },
        { id: '00000000-0000-4000-8000-00000000000c', type: 'offer-accepted', step: 'discount-offer' },
      ],
      started,
    );
    await store.close();
    let out = '';
    const io: ExportIo = { write: (text) => (out += text), note: () => undefined, env: { DATABASE_URL: database.url ?? '' }, cwd: dir };
    expect(await main(['--events', '--format', 'json'], io)).toBe(0);
    expect((JSON.parse(out) as { type: string }[]).map((event) => event.type)).toEqual(['answer', 'step', 'offer-shown', 'offer-accepted']);
  });
});
