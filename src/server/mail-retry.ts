// When a refused SMTP delivery is tried again: a refusal for now (a 4xx reply, no connection) is
// tried again later, as mail servers do; a permanent one (5xx) and any other error are final.

const MINUTE_MS = 60 * 1000;
/** The waits before each next try, in minutes; the last repeats. */
const RETRY_DELAYS_MIN = [1, 5, 15, 30, 60];
/** A mail not delivered within this time of being recorded is given up: its link will have expired. */
export const RETRY_FOR_MS = 24 * 60 * MINUTE_MS;

/** nodemailer's codes for a connection that failed or broke before SMTP answered. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Whether SMTP refused a delivery only for now: a 4xx reply, or no connection to ask. */
export function isTransientSmtpError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

/**
 * When to try a mail again after its `attempts`-th refusal for now (1 for the first), or undefined
 * once that would be past `retryForMs` (RETRY_FOR_MS unless shorter) from when it was recorded (`recordedAt`).
 */
export function nextAttemptAt(attempts: number, recordedAt: number, now: number, retryForMs = RETRY_FOR_MS): number | undefined {
  const delay = RETRY_DELAYS_MIN[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MIN.length) - 1] ?? 60;
  const at = now + delay * MINUTE_MS;
  return at - recordedAt <= Math.min(retryForMs, RETRY_FOR_MS) ? at : undefined;
}
