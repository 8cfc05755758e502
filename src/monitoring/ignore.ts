// Errors the tracker ignores (spec §8): noise from browser extensions, crawlers and third-party
// scripts, never from our code.

/**
 * The spec's ignore patterns, as Sentry's `ignoreErrors` takes them: object-not-found id (Outlook's
 * link scanner: 'Object Not Found Matching Id:3'), avast submit (the Avast extension), globalThis
 * (browsers too old for it) and sm2 (SoundManager 2, injected by extensions).
 */
export const IGNORED_ERRORS: readonly RegExp[] = [/object[\s_-]*not[\s_-]*found(?:[\s_-]*matching)?[\s_-]*id/i, /avast[\s_-]*submit/i, /globalThis/, /sm2/];

function textOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** Whether an error is noise the tracker must not report. */
export function isIgnoredError(error: unknown): boolean {
  const text = textOf(error);
  return IGNORED_ERRORS.some((pattern) => pattern.test(text));
}
