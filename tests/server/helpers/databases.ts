// The database a test server runs on: a SQLite file in the test's directory, or, when DATABASE_URL
// names a PostgreSQL server (npm run test:server:pg), a schema of its own there (the URL sets its
// search_path), created for the test and dropped after, so tests stay independent as they are on
// SQLite. A schema, not a database: CREATE DATABASE takes a quarter of a second, a schema next to nothing.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { Dialect, SqlDatabase } from '../../../src/server/store/sql/database';
import { openPostgres } from '../../../src/server/store/sql/postgres';
import { openSqlite } from '../../../src/server/store/sql/sqlite';

/** The PostgreSQL server the tests run on, or undefined: SQLite. */
export const POSTGRES_URL: string | undefined = process.env.DATABASE_URL?.trim() || undefined;
/** Which database the server tests run on. */
export const DIALECT: Dialect = POSTGRES_URL === undefined ? 'sqlite' : 'postgres';

/** A test's own database: where it is, a connection to it for reading what the server stored, and its removal. */
export interface TestDatabase {
  dialect: Dialect;
  /** The SQLite file (also set on PostgreSQL, unused there). */
  file: string;
  /** The URL of the PostgreSQL schema (its search_path in the URL); undefined on SQLite. */
  url: string | undefined;
  /** A connection of the test's own (not migrated by it), closed by drop(). */
  connection(): Promise<SqlDatabase>;
  /** Closes the connection and, on PostgreSQL, drops the schema. */
  drop(): Promise<void>;
}

let admin: pg.Pool | undefined;
/** One connection per test file to the server's `postgres` database, for CREATE and DROP SCHEMA. */
function adminPool(url: string): pg.Pool {
  admin ??= new pg.Pool({ connectionString: url, max: 1, allowExitOnIdle: true });
  return admin;
}

/** A new database for a test, in `dir` on SQLite or on the DATABASE_URL server. */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  const file = join(dir, 'data', 'cancel.sqlite');
  let connection: SqlDatabase | undefined;
  if (POSTGRES_URL === undefined) {
    return {
      dialect: 'sqlite',
      file,
      url: undefined,
      async connection() {
        connection ??= openSqlite(file, { migrate: false });
        return connection;
      },
      async drop() {
        await connection?.close();
      },
    };
  }
  const name = `cancel_test_${randomBytes(6).toString('hex')}`;
  await adminPool(POSTGRES_URL).query(`CREATE SCHEMA ${name}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    dialect: 'postgres',
    file,
    url: url.toString(),
    async connection() {
      connection ??= await openPostgres(url.toString(), { poolSize: 2, migrate: false });
      return connection;
    },
    async drop() {
      await connection?.close();
      connection = undefined;
      await adminPool(POSTGRES_URL).query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    },
  };
}
