// SQLite's write lock held by another process (the PostgreSQL run leaves *.sqlite.test.ts out,
// vitest.config.ts): past the busy timeout a transaction, or a write outside one, leaves the store
// `busy` (answered 503, src/server/errors.ts), and the lock once free, the same call goes through.
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

/** The holder's transaction, its row written and the write lock held until `release`. */
function holdWriteLock(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const freed = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = holder.transaction(async () => {
    await holder.run("INSERT INTO settings (key, value) VALUES ('held', '1')");
    await freed;
  });
  return { held, release };
}

describe('the SQLite store with its write lock held elsewhere', () => {
  it('fails a transaction that waited past the busy timeout as busy, and runs it once the lock is free', async () => {
    const { held, release } = holdWriteLock();
    const write = () => waiter.transaction(() => waiter.run("INSERT INTO settings (key, value) VALUES ('waited', '1')"));
    await expect(write()).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'busy' });
    await expect(write()).rejects.toThrow('Another process held the SQLite database’s write lock past the busy timeout.');
    release();
    await held;
    await write();
    expect(await waiter.all('SELECT key FROM settings ORDER BY key')).toEqual([{ key: 'held' }, { key: 'waited' }]);
  });

  it('fails a write outside a transaction that waited past the busy timeout as busy, and runs it once the lock is free', async () => {
    const { held, release } = holdWriteLock();
    const write = () => waiter.run("INSERT INTO settings (key, value) VALUES ('alone', '1')");
    await expect(write()).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'busy' });
    release();
    await held;
    expect(await write()).toBe(1);
    expect(await waiter.all('SELECT key FROM settings ORDER BY key')).toEqual([{ key: 'alone' }, { key: 'held' }]);
  });
});
