import type { ServerConfig } from '../config';
import { accountTable, type AccountTable } from './accounts';
import { cancellationRecords, type CancellationRecords } from './cancellation-records';
import { cancellationTables, type CancellationTables } from './cancellations';
import { idempotencyTable, type IdempotencyTable } from './idempotency';
import { offerTables, type OfferTables } from './offers';
import { outboxTable, type OutboxTable } from './outbox';
import { requestCounts, type RequestCounts } from './request-counts';
import { sessionTable, type SessionTable } from './sessions';
import { sessionSecret } from './settings';
import type { Dialect, SqlDatabase } from './sql/database';
import { openConfiguredDatabase } from './sql/open';
import { submissionTable, type SubmissionTable } from './submissions';
import { visitTables, type VisitTables } from './visits';

/**
 * Everything the server keeps, as one async interface: the routes, the dev pages, sessions,
 * idempotency and the mailer use it and never SQL. Every process on the same database shares all of it.
 */
export interface Store {
  /** Which database is underneath (the start-up banner, tests). */
  readonly dialect: Dialect;
  sessions: SessionTable;
  /** The demo accounts, one per sign-in. */
  accounts: AccountTable;
  cancellations: CancellationTables;
  /** The audit trail of cancellations under their policies, and the receipts' undo keys. */
  records: CancellationRecords;
  submissions: SubmissionTable;
  /** The survey versions served, the visits of the survey screen, their events and the day's counts (retention insights). */
  visits: VisitTables;
  offers: OfferTables;
  idempotency: IdempotencyTable;
  outbox: OutboxTable;
  /** Requests counted per user and window (rate limits shared by every process). */
  requestCounts: RequestCounts;
  /** The session-signing secret: the configured one, or the one the database keeps. */
  sessionSecret(configured: string | undefined): Promise<string>;
  /**
   * Runs `work` in one transaction: all of its writes or none, as if no other request ran meanwhile
   * (on PostgreSQL too, across processes). Store calls made inside join it; `work` may run again
   * when PostgreSQL refuses it for a concurrent one, so it does nothing outside the store but set
   * what it returns.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Waits for the transaction in flight, then closes the database. */
  close(): Promise<void>;
}

/** The store's tables over a database (either driver: the queries are written in the SQL both speak). */
export function storeOver(db: SqlDatabase): Store {
  return {
    dialect: db.dialect,
    sessions: sessionTable(db),
    accounts: accountTable(db),
    cancellations: cancellationTables(db),
    records: cancellationRecords(db),
    submissions: submissionTable(db),
    visits: visitTables(db),
    offers: offerTables(db),
    idempotency: idempotencyTable(db),
    outbox: outboxTable(db),
    requestCounts: requestCounts(db),
    sessionSecret: (configured) => sessionSecret(db, configured),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
}

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file; migrated. */
export async function openStore(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl' | 'databasePoolSize'>): Promise<Store> {
  return storeOver(await openConfiguredDatabase(config));
}
