// PostgreSQL under contention and without its connection (the SQLite run leaves *.postgres.test.ts
// out, vitest.config.ts): a transaction refused for concurrent ones on every attempt leaves the store
// `busy`, a server out of reach or a connection that breaks leaves it `unreachable` (each answered
// 503, src/server/errors.ts), a connection that breaks mid-transaction fails that transaction, not
// the server process, and closing waits for a transaction that is being run again and for a query
// waiting for a connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type SqlDatabase } from '../../src/server/store/sql/database';
import { openPostgres } from '../../src/server/store/sql/postgres';
import { createTestDatabase, type TestDatabase } from './helpers/databases';

let dir: string;
let test: TestDatabase;
let db: SqlDatabase;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-sql-busy-'));
  test = await createTestDatabase(dir);
  db = await openPostgres(test.url ?? '', { poolSize: 2 });
});
afterEach(async () => {
  await db.close();
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** An error as node-postgres reports one PostgreSQL sent, with its SQLSTATE. */
const sqlError = (code: string): Error => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('the PostgreSQL store under contention', () => {
  it('runs a transaction refused for concurrent ones 8 times, then fails it as busy and keeps none of it', async () => {
    let attempts = 0;
    const refused = db.transaction(async () => {
      attempts += 1;
      await db.run('INSERT INTO settings (key, value) VALUES (?, ?)', [`try-${attempts}`, 'x']);
      throw sqlError('40001');
    });
    await expect(refused).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'busy' });
    await expect(refused).rejects.toThrow('PostgreSQL refused the transaction 8 times for concurrent ones (SQLSTATE 40001).');
    expect(attempts).toBe(8);
    expect(await db.all('SELECT key FROM settings')).toEqual([]);
  });

  it('fails a unique key still taken after the attempts as the error it is, not as busy', async () => {
    let attempts = 0;
    const taken = db.transaction(async () => {
      attempts += 1;
      throw sqlError('23505');
    });
    await expect(taken).rejects.toThrow('SQLSTATE 23505');
    await expect(taken).rejects.not.toBeInstanceOf(StoreUnavailableError);
    expect(attempts).toBe(8);
  });

  it('closes once a transaction between two attempts has finished, not under it', async () => {
    let attempts = 0;
    let closing: Promise<void> | undefined;
    const retried = db.transaction(async () => {
      attempts += 1;
      await db.run('INSERT INTO settings (key, value) VALUES (?, ?)', [`try-${attempts}`, 'x']);
      if (attempts === 1) {
        // The server is told to stop (SIGTERM) while this transaction is refused and runs again.
        closing = db.close();
        throw sqlError('40001');
      }
      return db.all<{ key: string }>('SELECT key FROM settings');
    });
    await expect(retried).resolves.toEqual([{ key: 'try-2' }]);
    await expect(closing).resolves.toBeUndefined();
    await expect(db.get('SELECT 1')).rejects.toThrow('Cannot use a pool after calling end on the pool');
    // Closing again (the test's own cleanup) waits for the same close.
    await db.close();
  });

  it('closes once a query waiting for a pooled connection has run, not leaving it waiting', async () => {
    // Two slow queries hold both of the pool's connections; the third waits for one of them.
    const slow = [1, 2].map(() => db.get('SELECT pg_sleep(0.2)'));
    const waiting = db.get<{ n: number }>('SELECT 1 AS n');
    const closing = db.close();
    await Promise.all(slow);
    await expect(waiting).resolves.toEqual({ n: 1 });
    await expect(closing).resolves.toBeUndefined();
    await expect(db.get('SELECT 1')).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'unreachable' });
  });

  it('fails a transaction whose connection breaks as unreachable, and goes on with a new connection', async () => {
    const broken = db.transaction(() => db.get('SELECT pg_terminate_backend(pg_backend_pid())'));
    await expect(broken).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'unreachable' });
    await expect(broken).rejects.toThrow('PostgreSQL could not be reached, or the connection broke (terminating connection due to administrator command).');
    // The pool dropped the broken connection: the next queries and transactions get a sound one.
    await db.transaction(() => db.run("INSERT INTO settings (key, value) VALUES ('after', 'ok')"));
    expect(await db.all('SELECT key, value FROM settings')).toEqual([{ key: 'after', value: 'ok' }]);
  });

  it('fails a query and a transaction as unreachable where no PostgreSQL listens', async () => {
    const port = new URL(test.url ?? '');
    port.port = '1';
    const nowhere = await openPostgres(port.toString(), { migrate: false });
    try {
      await expect(nowhere.get('SELECT 1')).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'unreachable' });
      await expect(nowhere.transaction(() => nowhere.get('SELECT 1'))).rejects.toThrow(/^PostgreSQL could not be reached, or the connection broke \(.*ECONNREFUSED/);
    } finally {
      await nowhere.close();
    }
  });
});
