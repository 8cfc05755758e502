// When a failed call is tried again by itself, and after how long (DESIGN §6 plus issue #7).
//
// Only calls that are safe to repeat retry: GETs, and writes that carry an Idempotency-Key (the
// server answers a repeat with the first answer and does nothing again). Only failures that another
// try may cure retry: no answer at all (a dropped connection, a time-out) and the gateway answers
// 502, 503 and 504. The wait is exponential with full jitter and a cap, so many clients failing
// together do not come back together; a Retry-After the server sends is honoured when it is short
// enough to wait for, and otherwise the failure shows at once. Offline, nothing is tried again: the
// customer is told, and tries again once back.

/** How many tries in all, and how long to wait between them. */
export interface RetryPolicy {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The first back-off ceiling; it doubles on each retry. */
  baseDelayMs: number;
  /** The ceiling of any back-off. */
  maxDelayMs: number;
  /** The longest Retry-After worth waiting for in the page; a longer one fails at once. */
  maxRetryAfterMs: number;
}

export const RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 400, maxDelayMs: 4_000, maxRetryAfterMs: 10_000 };

/** The answers another try may cure: the server or a gateway in front of it is briefly unavailable. */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** What went wrong with one try, as far as retrying is concerned. */
export interface TryFailure {
  /** The HTTP status, absent when no answer arrived (network failure, time-out). */
  status?: number;
  /** The server's Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

/** Whether a call may be repeated without doing its effect twice: a GET, or a write with an Idempotency-Key. */
export function isRepeatable(method: string, headers: Record<string, string> = {}): boolean {
  return method === 'GET' || Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

/**
 * How long to wait before try number `attempt + 1` (attempt counts from 1) after `failure`, or null
 * when there is no further try: the tries are used up, the failure is not one another try cures, the
 * browser is offline, or the server asks for a longer wait than a page should hold the customer for.
 */
export function retryDelay(
  attempt: number,
  failure: TryFailure,
  { policy = RETRY_POLICY, random = Math.random, online = true }: { policy?: RetryPolicy; random?: () => number; online?: boolean } = {},
): number | null {
  if (attempt >= policy.attempts || !online) return null;
  if (failure.status !== undefined && !RETRYABLE_STATUSES.has(failure.status)) return null;
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryAfterMs) return null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const backoff = Math.round(random() * ceiling);
  return Math.max(backoff, failure.retryAfterMs ?? 0);
}

/**
 * A Retry-After header in milliseconds: delay-seconds or an HTTP date (spec RFC 9110 §10.2.3);
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
