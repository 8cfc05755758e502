// Error tracking (spec §4, §8, §9). reportError is all the app calls; Sentry is loaded lazily, after
// the first render (startMonitoring), and only when the page names a DSN: without one nothing is
// sent at all. Reports made before Sentry has loaded wait for it.
import { loadChunk } from './chunks';
import { readMonitoringConfig, TRACES_SAMPLE_RATE } from './config';
import { IGNORED_ERRORS, isIgnoredError } from './ignore';
import type { Reporter } from './sentry';

export { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunks';
export { environmentFor, readMonitoringConfig, SENTRY_DSN_META, TRACES_SAMPLE_RATE, type MonitoringConfig } from './config';
export { IGNORED_ERRORS, isIgnoredError } from './ignore';

/** How many reports wait for Sentry to load; more than that in the first seconds is a storm, not news. */
const MAX_WAITING = 20;

type State = { kind: 'waiting'; queue: [unknown, string][] } | { kind: 'on'; report: Reporter } | { kind: 'off' };

let state: State = { kind: 'waiting', queue: [] };

/** Resolved by the first report: something to send means Sentry loads now, not after the quiet spell. */
let firstReport: () => void = () => undefined;
const reported = new Promise<void>((resolve) => {
  firstReport = resolve;
});

/**
 * Reports a failure with the label of the call or screen it came from (spec §8), unless it matches
 * an ignore pattern. Also logs it as a console warning `[label]`. Never throws: reporting must not
 * turn one failure into two.
 */
export function reportError(error: unknown, label: string): void {
  if (isIgnoredError(error)) return;
  try {
    console.warn(`[${label}]`, error);
    if (state.kind === 'on') state.report(error, label);
    else if (state.kind === 'waiting' && state.queue.length < MAX_WAITING) {
      state.queue.push([error, label]);
      firstReport();
    }
  } catch {
    // Reporting is best effort.
  }
}

/** The longest error tracking waits for the first screen before it loads anyway. */
const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * Resolves once the first screen is there: the page has its main region and nothing in it is
 * busy (the app marks what is still loading with aria-busy, as its placeholder does); at the
 * latest after FIRST_SCREEN_WAIT_MS.
 */
function firstScreenReady(doc: Document = document): Promise<void> {
  const ready = () => doc.querySelector('main') !== null && doc.querySelector('[aria-busy="true"]') === null;
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => ready() && done());
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/**
 * How long after the first screen error tracking waits when there is nothing to report. Starting
 * Sentry (its code, its tracing) is one long task; on a slow phone, right after the first screen,
 * it would land on the customer's first answer. Its page-load trace reads the browser's buffered
 * timings, so starting later loses none of them.
 */
export const QUIET_START_MS = 3000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the browser is idle, so tracking never competes with what the customer is doing. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    const requestIdle = (globalThis as { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
    if (requestIdle) requestIdle(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 1);
  });
}

export interface MonitoringOptions {
  /** Secret values the app holds (the CSRF token), filtered out of every report besides what is typed on the page. */
  secrets?: () => readonly (string | null | undefined)[];
}

/**
 * Starts error tracking once the first screen is there: reads the DSN from the page
 * (`<meta name="sentry-dsn">`), waits until the first screen has rendered and QUIET_START_MS more
 * (or only until the first report), then until the browser is idle, loads Sentry in its own chunk
 * and sends the reports made so far. Without a DSN it stops there, and reports are only logged.
 */
export async function startMonitoring(options: MonitoringOptions = {}): Promise<void> {
  if (state.kind !== 'waiting') return;
  const config = readMonitoringConfig(document, window.location.hostname);
  if (!config) {
    state = { kind: 'off' };
    return;
  }
  try {
    // Something to report starts it at once; otherwise the first screen, then the quiet spell.
    await Promise.race([reported, firstScreenReady().then(() => delay(QUIET_START_MS))]);
    await idle();
    const { startSentry } = await loadChunk('error-tracking', () => import('./sentry'));
    const report = startSentry({ ...config, ignoreErrors: IGNORED_ERRORS, tracesSampleRate: TRACES_SAMPLE_RATE }, options.secrets ?? (() => []));
    const waiting = state.kind === 'waiting' ? state.queue : [];
    state = { kind: 'on', report };
    for (const [error, label] of waiting) report(error, label);
  } catch (error) {
    state = { kind: 'off' };
    console.warn('Error tracking did not start:', error);
  }
}
