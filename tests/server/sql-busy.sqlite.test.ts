// SQLite's write lock held by another process (the PostgreSQL run leaves *.sqlite.test.ts out,
// vitest.config.ts): past the busy timeout the transaction leaves the store `busy` (answered 503,
// src/server/errors.ts), and the lock once free, the same call goes through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../../src/server/store/sql/database';
import { openSqlite } from '../../src/server/store/sql/sqlite';

let dir: string;
let holder: SqlDatabase;
let waiter: SqlDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-sqlite-busy-'));
  const file = join(dir, 'cancel.sqlite');
  holder = openSqlite(file);
  // A second connection stands for a second process on the file.
  waiter = openSqlite(file, { busyTimeoutMs: 50 });
});
afterEach(async () => {
  await holder.close();
  await waiter.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite store with its write lock held elsewhere', () => {
  it('fails a transaction that waited past the busy timeout as busy, and runs it once the lock is free', async () => {
    let release!: () => void;
    const held = holder.transaction(async () => {
      await holder.run("INSERT INTO settings (key, value) VALUES ('held', '1')");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const write = () => waiter.transaction(() => waiter.run("INSERT INTO settings (key, value) VALUES ('waited', '1')"));
    await expect(write()).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'busy' });
    await expect(write()).rejects.toThrow('Another process held the SQLite database’s write lock past the busy timeout.');
    release();
    await held;
    await write();
    expect(await waiter.all('SELECT key FROM settings ORDER BY key')).toEqual([{ key: 'held' }, { key: 'waited' }]);
  });
});
