// What the global error banner explains about a failed call, from the error behind it.
import { ApiError, RequestError } from '../api';
import { ChunkLoadError } from '../monitoring';

/**
 * What the banner can say about a failed call beyond the spec's sentence: the browser is offline,
 * no answer came (a dropped connection or a time-out, after the automatic retries), the server is
 * busy (502, 503, 504), or the server refused for a reason the customer can act on: the
 * subscription is already cancelled, its cancellation waits for the emailed link, an email went
 * out moments ago, or the session has ended. Anything else is 'other': the spec's sentence alone.
 */
export type FailureReason = 'offline' | 'no-answer' | 'busy' | 'cancelled' | 'cancelling' | 'too-soon' | 'signed-out' | 'other';

/** The server's error codes the customer can act on, and what the banner says about each. */
const REFUSALS: Readonly<Record<string, FailureReason>> = {
  'already-confirmed': 'cancelled',
  'already-cancelled': 'cancelled',
  'toolkit-not-available': 'cancelled',
  'cancellation-pending': 'cancelling',
  'resend-too-soon': 'too-soon',
  'not-signed-in': 'signed-out',
};

/**
 * The reason a failure shows, from the RequestError behind it; for code that did not load (a Continue
 * before the later screens' chunk arrived), whether the browser is offline as it shows.
 */
export function failureReason(error: unknown): FailureReason {
  if (error instanceof ChunkLoadError) return navigator.onLine ? 'other' : 'offline';
  const cause = error instanceof ApiError ? error.cause : error;
  if (!(cause instanceof RequestError)) return 'other';
  if (cause.kind === 'offline') return 'offline';
  if (cause.kind === 'network' || cause.kind === 'timeout') return 'no-answer';
  if (cause.status === 502 || cause.status === 503 || cause.status === 504) return 'busy';
  const code = typeof cause.body === 'object' && cause.body !== null ? (cause.body as { error?: unknown }).error : undefined;
  return (typeof code === 'string' && Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : undefined) ?? 'other';
}

/** The server's error code of a refusal (a 4xx answer with `{ error }`); undefined for anything else. */
export function refusalCode(error: unknown): string | undefined {
  const cause = error instanceof ApiError ? error.cause : error;
  if (!(cause instanceof RequestError) || cause.status === undefined || cause.status >= 500) return undefined;
  const code = (cause.body as { error?: unknown } | null | undefined)?.error;
  return typeof code === 'string' ? code : undefined;
}
