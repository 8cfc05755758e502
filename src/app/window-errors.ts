// Errors and rejections the window sees before the app's code has come: the page's first script
// (early.ts) starts listening, and start.tsx takes over with the app's reporter. Without the early
// listener, a failure between the first paint and the app's start would go unreported, since the
// app is fetched only after the server's screen has been painted (deferred-start.ts).

/** What an error or rejection event reports: the thrown value and how it reached the window. */
export type WindowFailure = [error: unknown, label: 'Uncaught error' | 'Unhandled rejection'];

/** The most failures kept before the app's start: a page that throws in a loop is not kept whole. */
export const MAX_EARLY_FAILURES = 20;

let report: ((...failure: WindowFailure) => void) | null = null;
let early: WindowFailure[] | null = null;

const take = (failure: WindowFailure) => {
  if (report) report(...failure);
  else if (early && early.length < MAX_EARLY_FAILURES) early.push(failure);
};

/** Listens to the window's errors and rejections, once; until `reportWindowFailures`, they are kept. */
export function listenForWindowFailures(): void {
  if (early) return;
  early = [];
  window.addEventListener('error', (event) => take([event.error ?? event.message, 'Uncaught error']));
  window.addEventListener('unhandledrejection', (event) => take([event.reason, 'Unhandled rejection']));
}

/** From the app's start: what was kept is reported now, and what comes later as it comes. */
export function reportWindowFailures(to: (...failure: WindowFailure) => void): void {
  listenForWindowFailures();
  report = to;
  const kept = early ?? [];
  early = [];
  for (const failure of kept) to(...failure);
}
