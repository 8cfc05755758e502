// The retry policy (src/api/retry.ts) and request()'s use of it, on a fake clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi, isRepeatable, parseRetryAfter, request, RequestError, REQUEST_TIMEOUT_MS, RETRY_POLICY, retryDelay } from '../../../src/api';
import { json, sent, stubFetch } from './fetch-stub';

const POLICY = { attempts: 4, baseDelayMs: 100, maxDelayMs: 300, maxRetryAfterMs: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('retryDelay', () => {
  it('backs off exponentially with full jitter, up to the cap', () => {
    const top = () => 0.999999;
    expect([1, 2, 3].map((attempt) => retryDelay(attempt, {}, { policy: POLICY, random: top }))).toEqual([100, 200, 300]);
    expect([1, 2, 3].map((attempt) => retryDelay(attempt, {}, { policy: POLICY, random: () => 0 }))).toEqual([0, 0, 0]);
    expect(retryDelay(2, {}, { policy: POLICY, random: () => 0.5 })).toBe(100);
  });

  it('stops when the tries are used up', () => {
    expect(retryDelay(POLICY.attempts, {}, { policy: POLICY })).toBeNull();
    expect(retryDelay(RETRY_POLICY.attempts, {}, {})).toBeNull();
  });

  it('retries no answer and the gateway answers, never a refusal or a server error', () => {
    for (const status of [502, 503, 504]) expect(retryDelay(1, { status }, { policy: POLICY, random: () => 0 })).toBe(0);
    for (const status of [400, 403, 404, 409, 410, 422, 429, 500]) expect(retryDelay(1, { status }, { policy: POLICY })).toBeNull();
  });

  it('waits at least as long as Retry-After asks, and not at all when it asks too much', () => {
    expect(retryDelay(1, { status: 503, retryAfterMs: 2_000 }, { policy: POLICY, random: () => 0.9 })).toBe(2_000);
    expect(retryDelay(1, { status: 503, retryAfterMs: 6_000 }, { policy: POLICY })).toBeNull();
  });

  it('does not retry while the browser is offline', () => {
    expect(retryDelay(1, {}, { policy: POLICY, online: false })).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(5_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:29:00 GMT'))).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('isRepeatable', () => {
  it('is a GET or a write with an Idempotency-Key', () => {
    expect(isRepeatable('GET')).toBe(true);
    expect(isRepeatable('POST')).toBe(false);
    expect(isRepeatable('POST', { 'Idempotency-Key': 'k' })).toBe(true);
    expect(isRepeatable('POST', { 'idempotency-key': 'k' })).toBe(true);
  });
});

/** Fakes the timers request() uses; the rest (the body parsing of fetch's Response) stays real. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** Lets the request's pending promise chain run, then moves the fake clock on. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('request with retries, on a fake clock', () => {
  it('repeats a GET after a dropped connection and a 503, then resolves', async () => {
    fakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), () => json({ error: 'busy' }, 503), () => json({ ok: true })];
    stubFetch(() => (answers.shift() ?? answers[0])!());
    const settled = vi.fn();
    const pending = request('/cancel/api/get-context/').then(settled);
    await advance(0);
    expect(sent).toHaveLength(1);
    // Try 2 after half the first ceiling (400 ms), try 3 after half the second (800 ms).
    await advance(199);
    expect(sent).toHaveLength(1);
    await advance(1);
    expect(sent).toHaveLength(2);
    await advance(399);
    expect(sent).toHaveLength(2);
    await advance(1);
    await pending;
    expect(sent).toHaveLength(3);
    expect(settled).toHaveBeenCalledWith({ ok: true });
  });

  it('honours Retry-After on a 503', async () => {
    fakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let calls = 0;
    stubFetch(() => (calls++ === 0 ? new Response('{}', { status: 503, headers: { 'Retry-After': '2' } }) : json({ ok: true })));
    const pending = request('/cancel/api/x/', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } });
    await advance(1_999);
    expect(sent).toHaveLength(1);
    await advance(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(sent.map((r) => r.headers['Idempotency-Key'])).toEqual(['k-1', 'k-1']);
  });

  it('gives up after the last try with that try’s error, and counts the tries', async () => {
    fakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    stubFetch(() => json({ error: 'busy' }, 503));
    const pending = request('/cancel/api/get-context/').catch((e: unknown) => e);
    await advance(RETRY_POLICY.baseDelayMs + RETRY_POLICY.baseDelayMs * 2);
    const error = (await pending) as RequestError;
    expect(sent).toHaveLength(RETRY_POLICY.attempts);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 503, kind: 'status', attempts: RETRY_POLICY.attempts });
    expect(error.message).toBe('Request was failed: url: /cancel/api/get-context/, status: 503');
  });

  it('times out each try, and retries a timed-out write that has an Idempotency-Key', async () => {
    fakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let calls = 0;
    stubFetch((_r, signal) =>
      calls++ === 0
        ? new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
        : json({ stored: true }),
    );
    const pending = request('/cancel/api/survey-storage/survey-monitoring/', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-2' } });
    await advance(REQUEST_TIMEOUT_MS - 1);
    expect(sent).toHaveLength(1);
    // The time-out, then the retry after a back-off of 0 (the jitter drew 0).
    await advance(1);
    await advance(1);
    await expect(pending).resolves.toEqual({ stored: true });
    expect(sent).toHaveLength(2);
  });

  it('never repeats a write without an Idempotency-Key, nor a 500', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/cancel/api/x/', { method: 'POST', body: {} })).rejects.toMatchObject({ kind: 'network', attempts: 1 });
    expect(sent).toHaveLength(1);
    sent.length = 0;
    stubFetch(() => json({ error: 'internal-error' }, 500));
    await expect(request('/cancel/api/get-context/')).rejects.toMatchObject({ status: 500, attempts: 1 });
    expect(sent).toHaveLength(1);
  });

  it('does not retry offline, and says so', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await request('/cancel/api/get-context/').catch((e: unknown) => e)) as RequestError;
    expect(error).toMatchObject({ kind: 'offline', attempts: 1 });
    expect(error.message).toBe('Request was failed: url: /cancel/api/get-context/, network error (offline): Failed to fetch');
    expect(sent).toHaveLength(1);
  });

  it('retries the calls of the table that carry an Idempotency-Key, and not a keyless write', async () => {
    fakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createApi({ segment: 'seo' });
    const tried = async (call: () => Promise<unknown>) => {
      sent.length = 0;
      const pending = call().catch(() => undefined);
      await advance(10_000);
      await pending;
      return sent.length;
    };
    expect(await tried(() => api.storeSurvey({ timestamp: 't', name: 'n', email: 'e', accepted_terms: true, toolkit: 'seo', survey: {}, path: [{ step: 'final' }] }, 'k'))).toBe(RETRY_POLICY.attempts);
    expect(await tried(() => api.sendConfirmationEmail('k'))).toBe(RETRY_POLICY.attempts);
    expect(await tried(() => api.acceptOffer('discount-offer', 'k'))).toBe(RETRY_POLICY.attempts);
    expect(await tried(() => api.downgrade('guru', 'k'))).toBe(RETRY_POLICY.attempts);
    expect(await tried(() => api.isConfirmed())).toBe(RETRY_POLICY.attempts);
    expect(await tried(() => request('/cancel/api/x/', { method: 'POST', body: {} }))).toBe(1);
  });
});
