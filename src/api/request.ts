// The one fetch wrapper every call goes through (DESIGN §6).

/** How long any call may take, body included, before it is abandoned. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The only part of the site a redirected response may take the browser to. */
const REDIRECT_SCOPE = '/cancel';

/** A failed HTTP exchange; `status` is absent when no response arrived (network failure, timeout). */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    /** The parsed error body, when the server sent one (JSON `{ error, message }`). */
    readonly body?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `X-CSRFToken`. */
  csrfToken?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
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

/** Whether the client may follow a redirect to `target`: same origin and under /cancel. */
export function isAllowedRedirect(target: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return false;
  }
  return url.origin === origin && (url.pathname === REDIRECT_SCOPE || url.pathname.startsWith(`${REDIRECT_SCOPE}/`));
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
      throw new RequestError(failure(url, `redirected outside ${REDIRECT_SCOPE}: ${response.url}`), url, response.status);
    }
    globalThis.location.assign(response.url);
    // The page is leaving: settle never, so no error flashes on the way out.
    return new Promise<never>(() => undefined);
  }
  if (!response.ok) {
    const errorBody = await parseBody(response).catch(() => undefined);
    throw new RequestError(failure(url, `status: ${response.status}`), url, response.status, errorBody);
  }
  return parseBody(response);
}

/**
 * Sends one JSON request and resolves with the parsed body (null when empty). Rejects with a
 * RequestError 'Request was failed: url: {url}, status: {status}' for a non-OK answer, and with
 * the same prefix and the details for a network failure or a timeout. A redirected answer moves
 * the browser to its target when that is same-origin and under /cancel, and fails otherwise.
 */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return (await exchange(url, options, controller.signal)) as T;
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const detail = controller.signal.aborted
      ? `timed out after ${timeoutMs} ms`
      : `network error: ${error instanceof Error ? error.message : String(error)}`;
    throw new RequestError(failure(url, detail), url, undefined, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
