import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { migrationFor, schemaTooNew, MIGRATIONS } from '../../migrations';
import { StoreUnavailableError, type SqlDatabase, type SqlValue } from './database';
import { numberedPlaceholders } from './placeholders';

/** BIGINT (int8) and COUNT(*) as numbers, not strings: epoch milliseconds and ids stay below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Any number: a lock of our own among the advisory locks of whatever else shares the database. */
const MIGRATION_LOCK = 7_311_842_001;

/**
 * Brings the `schema_version` table up to the migrations' count, each migration in its own
 * transaction. Processes starting together wait for each other on an advisory lock, so one migrates
 * and the others find the work done.
 */
export async function migratePostgres(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      const row = (await client.query<{ version: number }>('SELECT version FROM schema_version')).rows[0];
      if (row === undefined) await client.query('INSERT INTO schema_version (version) VALUES (0)');
      const current = row?.version ?? 0;
      if (current > MIGRATIONS.length) throw schemaTooNew(current);
      for (const [index, migration] of MIGRATIONS.slice(current).entries()) {
        await client.query('BEGIN');
        try {
          await client.query(migrationFor(migration, 'postgres'));
          await client.query('UPDATE schema_version SET version = $1', [current + index + 1]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  return MIGRATIONS.length;
}

/** SQLSTATEs after which running the transaction again may succeed: serialization failure, deadlock, a unique key another transaction took first. */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
/** Of those, the ones that say only that other transactions were in the way: still there after the last attempt, the database is busy. */
const CONTENTION = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

/** The error's `code`: PostgreSQL's SQLSTATE, or a socket's error code (ECONNREFUSED). */
function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** SQLSTATEs of a connection that failed or was ended by the server (class 08; shutting down, starting up). */
const CONNECTION_STATE = /^(08|57P0[123])/;
/** The socket errors of a server that cannot be reached or that dropped the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * node-postgres's own errors for a connection that ended or never came, which carry no code; the
 * last, of a pool this store has closed (the server is shutting down), so nothing reaches the database.
 */
const CONNECTION_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end on the pool)/;

function connectionFailed(error: unknown): boolean {
  const code = sqlState(error) ?? '';
  return CONNECTION_STATE.test(code) || SOCKET_CODES.has(code) || (error instanceof Error && CONNECTION_MESSAGE.test(error.message));
}

/** Runs `work`, failing as `unreachable` where the connection, not the statement, failed. */
async function overConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError || !connectionFailed(error)) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError('unreachable', `PostgreSQL could not be reached, or the connection broke (${detail}).`, { cause: error });
  }
}

const pause = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** Math.min(attempt, 6)));

/**
 * PostgreSQL through a node-postgres pool, for several server processes on one database. A
 * transaction runs SERIALIZABLE on one pooled client and is run again (up to 8 times, with a short
 * random pause) when PostgreSQL refuses it because of a concurrent one: so what the SQLite store
 * gets from its one writer at a time (check, then write), it gets here too. Refused for concurrent
 * ones on every attempt, it fails as `busy`; a call whose connection cannot be made or breaks fails
 * as `unreachable` (StoreUnavailableError), and is not run again here: whether a COMMIT whose answer
 * was lost took effect is unknown, and a call safe to repeat is repeated by the page.
 */
export async function openPostgres(url: string, options: { poolSize?: number; migrate?: boolean } = {}): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // An idle client's connection that breaks is dropped by the pool; without a listener the error would end the process.
  pool.on('error', () => undefined);
  try {
    if (options.migrate !== false) await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const texts = new Map<string, string>();
  const text = (sql: string): string => {
    let numbered = texts.get(sql);
    if (numbered === undefined) {
      numbered = numberedPlaceholders(sql);
      texts.set(sql, numbered);
    }
    return numbered;
  };
  const inTransaction = new AsyncLocalStorage<pg.PoolClient>();
  // Work under way, queries and transactions (their retries and pauses included): close() waits for
  // it, since the pool serves no query waiting for a client once ending, and a transaction between
  // two attempts holds none.
  let underWay = 0;
  let settled: (() => void) | undefined;
  let closed: Promise<void> | undefined;
  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    underWay += 1;
    try {
      return await work();
    } finally {
      underWay -= 1;
      if (underWay === 0) settled?.();
    }
  }
  const query = <T extends object>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<T>> =>
    tracked(() => overConnection(() => (inTransaction.getStore() ?? pool).query<T>(text(sql), params as SqlValue[])));

  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => (await query<T & object>(sql, params)).rows as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) => (await query<T & object>(sql, params)).rows[0] as T | undefined,
    run: async (sql, params = []) => (await query(sql, params)).rowCount ?? 0,
    async transaction<T>(work: () => Promise<T>): Promise<T> {
      if (inTransaction.getStore() !== undefined) return work();
      return tracked(() => attempts(work));
    },
    close() {
      closed ??= (async () => {
        while (underWay > 0) {
          await new Promise<void>((resolve) => {
            settled = resolve;
          });
        }
        await pool.end();
      })();
      return closed;
    },
  };

  /** Runs `work` in a transaction of its own, again while PostgreSQL refuses it for concurrent ones. */
  async function attempts<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await overConnection(() => pool.connect());
      let broken = false;
      // A connection that breaks while checked out is reported as an 'error' event as well as by the
      // query it fails; with no listener that event would end the process.
      const onError = (): void => {
        broken = true;
      };
      client.on('error', onError);
      try {
        return await overConnection(async () => {
          await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
          const result = await inTransaction.run(client, work);
          await client.query('COMMIT');
          return result;
        });
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        const state = sqlState(error) ?? '';
        if (attempt >= MAX_ATTEMPTS && CONTENTION.has(state)) {
          throw new StoreUnavailableError('busy', `PostgreSQL refused the transaction ${MAX_ATTEMPTS} times for concurrent ones (SQLSTATE ${state}).`, { cause: error });
        }
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(state)) throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
      await pause(attempt);
    }
  }
}
