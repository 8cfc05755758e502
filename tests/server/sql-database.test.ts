import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/migrations';
import type { SqlDatabase } from '../../src/server/store/sql/database';
import { numberedPlaceholders } from '../../src/server/store/sql/placeholders';
import { openPostgres } from '../../src/server/store/sql/postgres';
import { openSqlite } from '../../src/server/store/sql/sqlite';
import { DIALECT, createTestDatabase, type TestDatabase } from './helpers/databases';

let dir: string;
let test: TestDatabase;
let db: SqlDatabase;

/** The server's own opening of the test database: migrated. */
const open = async (): Promise<SqlDatabase> => (test.url === undefined ? openSqlite(test.file) : openPostgres(test.url));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-sql-'));
  test = await createTestDatabase(dir);
  db = await open();
});
afterEach(async () => {
  await db.close();
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The schema version as the database records it. */
async function schemaVersion(connection: SqlDatabase): Promise<number> {
  const row =
    connection.dialect === 'sqlite'
      ? await connection.get<{ user_version: number }>('PRAGMA user_version').then((r) => r?.user_version)
      : await connection.get<{ version: number }>('SELECT version FROM schema_version').then((r) => r?.version);
  return row ?? 0;
}

/** Each table's columns, sorted. */
async function columns(connection: SqlDatabase): Promise<Record<string, string[]>> {
  const rows =
    connection.dialect === 'sqlite'
      ? await connection.all<{ table_name: string; column_name: string }>(
          "SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'",
        )
      : await connection.all<{ table_name: string; column_name: string }>(
          "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_version'",
        );
  const tables: Record<string, string[]> = {};
  for (const row of rows) (tables[row.table_name] ??= []).push(row.column_name);
  return Object.fromEntries(Object.entries(tables).sort().map(([table, names]) => [table, names.sort()]));
}

describe(`the SQL layer on ${DIALECT}`, () => {
  it('numbers placeholders for PostgreSQL, leaving quoted question marks alone', () => {
    expect(numberedPlaceholders("SELECT ? AS a, '?' AS b, \"?\" AS c WHERE x = ? AND y = ?")).toBe(
      'SELECT $1 AS a, \'?\' AS b, "?" AS c WHERE x = $2 AND y = $3',
    );
  });

  it('brings a new database to the latest schema version, and opening it again changes nothing', async () => {
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    const before = await columns(db);
    await db.close();
    db = await open();
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(await columns(db)).toEqual(before);
  });

  it('gives this database the tables and columns the migrations give a fresh SQLite file', async () => {
    const sqlite = openSqlite(join(dir, 'compare.sqlite'));
    try {
      expect(await columns(db)).toEqual(await columns(sqlite));
    } finally {
      await sqlite.close();
    }
  });

  it('refuses a database at a newer schema version than the server knows', async () => {
    const raw = await test.connection();
    if (raw.dialect === 'sqlite') await raw.run(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    else await raw.run('UPDATE schema_version SET version = ?', [MIGRATIONS.length + 1]);
    await expect(open()).rejects.toThrow(/newer than this server knows/);
  });

  it('reads whole numbers back as numbers, epoch milliseconds and counts included', async () => {
    await db.run("INSERT INTO settings (key, value) VALUES ('a', 'b')");
    await db.run('INSERT INTO sessions (id_hash, persona_id, lang, csrf_token, created_at) VALUES (?, ?, ?, ?, ?)', ['h', 'p', 'en', 't', 1_746_093_600_000]);
    expect(await db.get('SELECT created_at FROM sessions')).toEqual({ created_at: 1_746_093_600_000 });
    expect(await db.get('SELECT COUNT(*) AS n FROM settings')).toEqual({ n: 1 });
  });

  it('keeps all of a transaction or none, and a transaction opened inside another joins it', async () => {
    await expect(
      db.transaction(async () => {
        await db.run("INSERT INTO settings (key, value) VALUES ('one', '1')");
        await db.transaction(() => db.run("INSERT INTO settings (key, value) VALUES ('two', '2')"));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.all('SELECT key FROM settings')).toEqual([]);
    await db.transaction(async () => {
      await db.run("INSERT INTO settings (key, value) VALUES ('one', '1')");
      await db.transaction(() => db.run("INSERT INTO settings (key, value) VALUES ('two', '2')"));
    });
    expect(await db.all('SELECT key FROM settings ORDER BY key')).toEqual([{ key: 'one' }, { key: 'two' }]);
  });

  it('keeps a write from outside a transaction that waited for one out of the transaction after it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(() => gate);
    const outside = db.run("INSERT INTO settings (key, value) VALUES ('outside', '1')");
    // Its rejection is awaited from the start: on PostgreSQL it may come before the others settle.
    const rolledBack = expect(
      db.transaction(async () => {
        await db.run("INSERT INTO settings (key, value) VALUES ('inside', '2')");
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    release();
    await first;
    await expect(outside).resolves.toBe(1);
    await rolledBack;
    expect(await db.all('SELECT key FROM settings')).toEqual([{ key: 'outside' }]);
  });

  it('finishes the work asked of it before a close, and refuses what is asked after it as unreachable', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async () => {
      await db.run("INSERT INTO settings (key, value) VALUES ('first', '1')");
      await gate;
      return 'first';
    });
    // On SQLite these wait for the transaction; on PostgreSQL they run beside it.
    const read = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM settings');
    const write = db.run("INSERT INTO settings (key, value) VALUES ('second', '2')");
    const closing = db.close();
    release();
    await expect(first).resolves.toBe('first');
    expect(await read).toEqual({ n: expect.any(Number) });
    await expect(write).resolves.toBe(1);
    await closing;
    await expect(db.get('SELECT 1 AS one')).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'unreachable' });
    await expect(db.transaction(() => db.run("INSERT INTO settings (key, value) VALUES ('third', '3')"))).rejects.toMatchObject({ reason: 'unreachable' });

    db = await open();
    expect(await db.all('SELECT key FROM settings ORDER BY key')).toEqual([{ key: 'first' }, { key: 'second' }]);
  });

  it('runs concurrent read-then-write transactions as if one after another', async () => {
    await db.run("INSERT INTO settings (key, value) VALUES ('counter', '0')");
    const increment = () =>
      db.transaction(async () => {
        const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'counter'");
        await new Promise((resolve) => setTimeout(resolve, 1));
        await db.run("UPDATE settings SET value = ? WHERE key = 'counter'", [String(Number(row?.value) + 1)]);
      });
    // Reads from outside a transaction wait for it on SQLite, and see only committed rows on PostgreSQL.
    const outside = Array.from({ length: 5 }, () => db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'counter'"));
    await Promise.all(Array.from({ length: 20 }, increment));
    for (const read of await Promise.all(outside)) expect(Number(read?.value)).toBeGreaterThanOrEqual(0);
    expect(await db.get("SELECT value FROM settings WHERE key = 'counter'")).toEqual({ value: '20' });
  });
});
