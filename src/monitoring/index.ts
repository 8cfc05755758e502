// Error tracking. For now a safe stub: Sentry arrives later, loaded lazily behind this interface.

/** Errors the tracker ignores (spec §8): noise from extensions and third-party scripts. */
export const IGNORED_ERRORS: readonly RegExp[] = [/object-not-found id/i, /avast submit/i, /globalThis/, /sm2/];

/** Whether an error is noise the tracker must not report. */
export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return IGNORED_ERRORS.some((pattern) => pattern.test(text));
}

/**
 * Reports a failure with the label of the call or screen it came from. Never throws: reporting
 * must not turn one failure into two.
 */
export function reportError(error: unknown, label: string): void {
  if (isIgnoredError(error)) return;
  try {
    console.warn(`[${label}]`, error);
  } catch {
    // Reporting is best effort.
  }
}
