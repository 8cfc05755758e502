import type { StepValidation } from '../engine';
import type { CompiledBundle } from '../model';
import type { ServerConfig } from './config';
import type { Idempotent } from './idempotency';
import type { Mailer } from './mail';
import type { Sessions } from './sessions';
import type { AccountTable } from './store/accounts';
import type { CancellationRecords } from './store/cancellation-records';
import type { CancellationTables } from './store/cancellations';
import type { OfferTables } from './store/offers';
import type { RequestCounts } from './store/request-counts';
import type { Store } from './store/store';
import type { SubmissionTable } from './store/submissions';
import type { ToolkitRegistry } from './toolkits';
import type { VisitTables } from './store/visits';

/** What the route modules share: settings, bundle data, storage and the clock. */
export interface ServerContext {
  config: ServerConfig;
  bundle: CompiledBundle;
  toolkits: ToolkitRegistry;
  sessions: Sessions;
  mailer: Mailer;
  /** Everything kept: the SQLite file or PostgreSQL, behind one interface. */
  store: Store;
  idempotent: Idempotent;
  cancellations: CancellationTables;
  /** The audit trail: the policy, screens and times of every cancellation (retained AUDIT_RETENTION_DAYS). */
  records: CancellationRecords;
  submissions: SubmissionTable;
  /** The survey versions served, the visits of the survey screen and their events (retention insights). */
  visits: VisitTables;
  offers: OfferTables;
  /** The demo accounts, one per sign-in. */
  accounts: AccountTable;
  /** Per-user request counts for rate limits. */
  requestCounts: RequestCounts;
  /** Runs `work` in one store transaction: all of its writes or none (see Store.transaction: it may run again). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Milliseconds since the epoch; injectable so tests can expire keys and pass rate limits. */
  now: () => number;
  /** Checks a step's data as the page does: the precompiled validators of the bundle served. */
  validateStep: StepValidation;
  /** Our own origin: PUBLIC_URL, or the listening address. Used for mailed links and the Origin check. */
  publicOrigin: () => string;
}
