// The one fetch wrapper every call goes through (DESIGN §6), with the retry policy of retry.ts.
import { isRepeatable, parseRetryAfter, RETRY_POLICY, retryDelay, type RetryPolicy } from './retry';

/** How long any call may take, body included, before it is abandoned. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The only part of the site a redirected response may take the browser to. */

/** How a request failed: an answer that is not OK, no answer, no answer in time, or no network at all. */
export type FailureKind = 'status' | 'network' | 'timeout' | 'offline';

/** A failed HTTP exchange; `status` is absent when no response arrived (network failure, timeout). */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly kind: FailureKind;
  /** The server's Retry-After, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** How many tries were made before giving up (retry.ts). */
  attempts = 1;
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    /** The parsed error body, when the server sent one (JSON `{ error, message }`). */
    readonly body?: unknown,
    options?: ErrorOptions & { kind?: FailureKind; retryAfterMs?: number },
  ) {
    super(message, options);
    this.kind = options?.kind ?? (status === undefined ? 'network' : 'status');
    this.retryAfterMs = options?.retryAfterMs;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `X-CSRFToken`. */
  csrfToken?: string;
  headers?: Record<string, string>;
  /** Per try. */
  timeoutMs?: number;
  /**
   * How failed tries are repeated; by default RETRY_POLICY for a call that is safe to repeat (a
   * GET, or a write with an Idempotency-Key), and none for any other. `false`: never.
   */
  retry?: RetryPolicy | false;
}

const failure = (url: string, detail: string) => `Request was failed: url: ${url}, ${detail}`;

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let redirectOrigins: readonly string[] = [];

/** The origins besides the page's own that an API answer may redirect to (survey/provider.yaml `redirectOrigins`). */
export function allowRedirectsTo(origins: readonly string[]): void {
  redirectOrigins = origins;
}

/**
 * Whether the client may follow a redirect to `target` (spec §7: the browser navigates to it): any
 * path of the page's own origin (a sign-in page, decision 76), or an origin the provider lists.
 */
export function isAllowedRedirect(target: string, origin: string, others: readonly string[] = redirectOrigins): boolean {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.origin === origin || others.includes(url.origin);
}

async function exchange(url: string, options: RequestOptions, signal: AbortSignal): Promise<unknown> {
  const { method = 'GET', body, csrfToken, headers = {} } = options;
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(csrfToken ? { 'X-CSRFToken': csrfToken } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (response.redirected) {
    if (!isAllowedRedirect(response.url, globalThis.location.origin)) {
      throw new RequestError(failure(url, `redirected to another site: ${response.url}`), url, response.status);
    }
    globalThis.location.assign(response.url);
    // The page is leaving: settle never, so no error flashes on the way out.
    return new Promise<never>(() => undefined);
  }
  if (!response.ok) {
    const errorBody = await parseBody(response).catch(() => undefined);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    throw new RequestError(failure(url, `status: ${response.status}`), url, response.status, errorBody, { retryAfterMs });
  }
  return parseBody(response);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** One try: the exchange within its time limit. */
async function once(url: string, options: RequestOptions, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await exchange(url, options, controller.signal);
  } catch (error) {
    if (error instanceof RequestError) throw error;
    if (controller.signal.aborted) {
      throw new RequestError(failure(url, `timed out after ${timeoutMs} ms`), url, undefined, undefined, { cause: error, kind: 'timeout' });
    }
    const offline = isOffline();
    const detail = `network error${offline ? ' (offline)' : ''}: ${error instanceof Error ? error.message : String(error)}`;
    throw new RequestError(failure(url, detail), url, undefined, undefined, { cause: error, kind: offline ? 'offline' : 'network' });
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one JSON request and resolves with the parsed body (null when empty). Rejects with a
 * RequestError 'Request was failed: url: {url}, status: {status}' for a non-OK answer, and with
 * the same prefix and the details for a network failure or a timeout. A redirected answer moves
 * the browser to its target when that is same-origin and under /cancel, and fails otherwise.
 * A call that is safe to repeat is tried again after a failure another try may cure (retry.ts);
 * the error of the last try is the one that rejects.
 */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const repeatable = isRepeatable(options.method ?? 'GET', options.headers);
  const policy = options.retry === false || !repeatable ? null : (options.retry ?? RETRY_POLICY);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await once(url, options, timeoutMs)) as T;
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      error.attempts = attempt;
      const delay = policy ? retryDelay(attempt, error, { policy, online: !isOffline() }) : null;
      if (delay === null) throw error;
      await sleep(delay);
    }
  }
}
