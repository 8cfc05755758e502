// The SQLite store only (the PostgreSQL run leaves *.sqlite.test.ts out, vitest.config.ts).
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

it('keeps the database in a SQLite file in WAL mode', () => {
  const db = new Database(harness.dbFile, { readonly: true });
  try {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  } finally {
    db.close();
  }
});
