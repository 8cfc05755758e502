// Writes under way, kept in sessionStorage beside the answers: a reload in the middle of a write
// (or after a failure) repeats it with the same Idempotency-Key, so the server records it once.
// Each is dropped once its write has succeeded.

/** The writes of a page: the survey submission, taking an offer, a resend of the email. */
export type AttemptKind = 'submission' | 'retention' | 'resend';

const attemptKey = (kind: AttemptKind, route: string) => `cancel:attempt:${kind}:${route}`;

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The attempt of `kind` under way on the page of `route`, as saved; null when there is none. */
export function readAttempt<T>(kind: AttemptKind, route: string, from = store()): T | null {
  try {
    const text = from?.getItem(attemptKey(kind, route));
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Remembers an attempt before (and while) its write is sent. */
export function saveAttempt(kind: AttemptKind, route: string, attempt: unknown, to = store()): void {
  try {
    to?.setItem(attemptKey(kind, route), JSON.stringify(attempt));
  } catch {
    // A full or blocked storage only costs the reload safety net.
  }
}

/** Forgets an attempt whose write succeeded, or that the customer has changed. */
export function dropAttempt(kind: AttemptKind, route: string, from = store()): void {
  try {
    from?.removeItem(attemptKey(kind, route));
  } catch {
    // See saveAttempt.
  }
}
