/** What a query parameter or a column value may be: both databases store text, whole numbers and NULL. */
export type SqlValue = string | number | null;

/** Which SQL a database speaks, for the few places (migrations) where the two differ. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * A database connection (or pool) the store's tables run their SQL on. Every query uses `?`
 * placeholders, bound in order; the PostgreSQL driver numbers them. Whole numbers come back as
 * JavaScript numbers on both (PostgreSQL's BIGINT included: every value stored fits in 2^53).
 */
export interface SqlDatabase {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A statement whose rows are not read; resolves with the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `work` in one transaction: all of its writes or none. Every query made while `work` runs, in
   * its async context, joins the transaction, so code called from inside needs no handle passed; a
   * transaction opened inside another joins it. `work` may run more than once (PostgreSQL retries a
   * transaction a concurrent one made fail), so it must not have effects outside the database
   * beyond setting what it returns.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Waits for every call asked before it (transactions with their retries, and the queries waiting
   * for a connection), then closes the connection(s); a call after the close fails as `unreachable`.
   * Closing again waits for the same close.
   */
  close(): Promise<void>;
}

/**
 * Why the database could not do the work just now, though the same request may well succeed a
 * moment later: `busy`, it turned the work away for other work running at the same time, and went
 * on doing so after the retries (PostgreSQL's serialization failures and deadlocks, SQLite's write
 * lock held past its busy timeout), keeping none of it; `unreachable`, the connection to it could
 * not be made or broke (a PostgreSQL restarting, a network between). The server answers 503 with a
 * Retry-After (src/server/errors.ts), which the page's retry honours for calls safe to repeat.
 */
export type StoreUnavailableReason = 'busy' | 'unreachable';

export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: StoreUnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
