import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrationFor, schemaTooNew, MIGRATIONS } from '../../migrations';
import { StoreUnavailableError, type SqlDatabase, type SqlValue } from './database';

/** Brings `user_version` up to the migrations' count, each migration in its own transaction. */
export function migrateSqlite(db: Database.Database): number {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) throw schemaTooNew(current);
  MIGRATIONS.slice(current).forEach((migration, index) => {
    const version = current + index + 1;
    db.transaction(() => {
      db.exec(migrationFor(migration, 'sqlite'));
      db.pragma(`user_version = ${version}`);
    })();
  });
  return MIGRATIONS.length;
}

/**
 * Runs `work` on the connection: a lock another process held past the busy timeout (SQLITE_BUSY and
 * its extended codes), whether for a transaction's BEGIN IMMEDIATE or a write of its own, leaves the
 * store busy.
 */
function unlessBusy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) {
      throw new StoreUnavailableError('busy', 'Another process held the SQLite database’s write lock past the busy timeout.', { cause: error });
    }
    throw error;
  }
}

/**
 * The embedded database: one better-sqlite3 connection to a file in WAL mode. Its calls are
 * synchronous, so a transaction whose work awaits holds the connection: it starts with BEGIN
 * IMMEDIATE (the write lock, also against another process on the file) and every query from outside
 * its async context waits until it ends. A write lock another process holds past the busy timeout
 * (5 s unless told) fails the transaction, or the write outside one, with a StoreUnavailableError
 * (`busy`). Closing waits for the open transaction and every call waiting for it; a call after the
 * close fails as `unreachable`.
 */
export function openSqlite(file: string, options: { migrate?: boolean; busyTimeoutMs?: number } = {}): SqlDatabase {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL survives a process crash; only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs ?? 5000)}`);
  try {
    if (options.migrate !== false) migrateSqlite(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const statements = new Map<string, Database.Statement<SqlValue[]>>();
  const statement = (sql: string): Database.Statement<SqlValue[]> => {
    let prepared = statements.get(sql);
    if (prepared === undefined) {
      prepared = db.prepare<SqlValue[]>(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };

  const inTransaction = new AsyncLocalStorage<true>();
  /** Settles when the open transaction ends; undefined when none is open. */
  let open: Promise<void> | undefined;
  /** Calls waiting for the open transaction to end, which close() lets run first. */
  let waiting = 0;
  /**
   * Runs `work` once no transaction of another async context holds the connection, in the same turn
   * as the last check: nothing can open one in between.
   */
  async function inTurn<T>(work: () => T): Promise<T> {
    if (inTransaction.getStore() !== true) {
      waiting += 1;
      try {
        while (open !== undefined) await open;
      } finally {
        waiting -= 1;
      }
    }
    if (!db.open) throw new StoreUnavailableError('unreachable', 'The SQLite database is closed: the server is shutting down.');
    return unlessBusy(work);
  }
  /** Runs `work` in the transaction just begun, which calls from other async contexts wait for. */
  async function inBegunTransaction<T>(work: () => Promise<T>): Promise<T> {
    let ended!: () => void;
    open = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      const result = await inTransaction.run(true, work);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    } finally {
      open = undefined;
      ended();
    }
  }

  return {
    dialect: 'sqlite',
    all: <T>(sql: string, params: readonly SqlValue[] = []) => inTurn(() => statement(sql).all(...params) as T[]),
    get: <T>(sql: string, params: readonly SqlValue[] = []) => inTurn(() => statement(sql).get(...params) as T | undefined),
    run: (sql, params = []) => inTurn(() => statement(sql).run(...params).changes),
    async transaction<T>(work: () => Promise<T>): Promise<T> {
      if (inTransaction.getStore() === true) return work();
      return inTurn(() => {
        db.exec('BEGIN IMMEDIATE');
        return inBegunTransaction(work);
      });
    },
    async close() {
      // What was asked before the close is done first: the open transaction and each call waiting for it.
      while (open !== undefined || waiting > 0) await (open ?? new Promise((resolve) => setImmediate(resolve)));
      db.close();
    },
  };
}
