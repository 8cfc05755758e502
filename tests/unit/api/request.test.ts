import { describe, expect, it, vi } from 'vitest';
import { isAllowedRedirect, request, RequestError, REQUEST_TIMEOUT_MS } from '../../../src/api';
import { json, sent, stubFetch, stubLocation } from './fetch-stub';

describe('request', () => {
  it('sends JSON with the CSRF header and parses the JSON answer', async () => {
    stubFetch(() => json({ ok: true }));
    await expect(request('/cancel/api/x/', { method: 'POST', body: { a: 1 }, csrfToken: 'tok' })).resolves.toEqual({ ok: true });
    expect(sent[0]).toMatchObject({
      url: '/cancel/api/x/',
      method: 'POST',
      body: { a: 1 },
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': 'tok' },
    });
  });

  it('sends no CSRF header without a token, and resolves an empty body as null', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(request('/cancel/api/x/')).resolves.toBeNull();
    expect(sent[0]?.headers).not.toHaveProperty('X-CSRFToken');
    expect(sent[0]?.body).toBeUndefined();
  });

  it("fails a non-OK answer with 'Request was failed: url: {url}, status: {status}' and keeps the error body", async () => {
    stubFetch(() => json({ error: 'key-used', message: 'This link was already used.' }, 410));
    const error = (await request('/cancel/api/seo/confirm/?key=k').catch((e: unknown) => e)) as RequestError;
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('Request was failed: url: /cancel/api/seo/confirm/?key=k, status: 410');
    expect(error.status).toBe(410);
    expect(error.body).toEqual({ error: 'key-used', message: 'This link was already used.' });
  });

  it('fails a network error with the same prefix and the details', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/cancel/api/get-context/', { retry: false })).rejects.toThrow(
      'Request was failed: url: /cancel/api/get-context/, network error: Failed to fetch',
    );
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_request, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = request('/cancel/api/get-context/', { retry: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await pending) as Error).message).toBe(
      `Request was failed: url: /cancel/api/get-context/, timed out after ${REQUEST_TIMEOUT_MS} ms`,
    );
  });

  it('follows a redirect to a page under /cancel on the same origin', async () => {
    const assigned = stubLocation();
    stubFetch(() => json({}, 200, 'https://app.example/cancel/no-subscription'));
    const settled = vi.fn();
    void request('/cancel/api/get-context/').then(settled, settled);
    await vi.waitFor(() => expect(assigned).toEqual(['https://app.example/cancel/no-subscription']));
    expect(settled).not.toHaveBeenCalled();
  });

  // Spec §7: a redirected answer takes the browser there, on the same origin at any path (issue 15:
  // an expired session sent to the sign-in page); another site only when the provider lists it.
  it.each([
    ['a page outside /cancel', 'https://app.example/login'],
    ['a look-alike prefix', 'https://app.example/cancellation'],
  ])('follows a redirect to %s on the same origin', async (_name, target) => {
    const assigned = stubLocation();
    stubFetch(() => json({}, 200, target));
    void request('/cancel/api/get-context/');
    await vi.waitFor(() => expect(assigned).toEqual([target]));
  });

  it.each([
    ['another origin', 'https://evil.example/cancel/'],
    ['a look-alike origin', 'https://app.example.evil.example/cancel/'],
  ])('refuses a redirect to %s', async (_name, target) => {
    const assigned = stubLocation();
    stubFetch(() => json({}, 200, target));
    await expect(request('/cancel/api/get-context/')).rejects.toThrow(/^Request was failed: url: \/cancel\/api\/get-context\/, redirected/);
    expect(assigned).toEqual([]);
  });
});

describe('isAllowedRedirect', () => {
  it('allows the same origin, refuses another', () => {
    expect(isAllowedRedirect('/cancel', 'https://a.example')).toBe(true);
    expect(isAllowedRedirect('https://a.example/cancel/seo?x=1', 'https://a.example')).toBe(true);
    expect(isAllowedRedirect('//b.example/cancel/', 'https://a.example')).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', 'https://a.example')).toBe(false);
  });

  it('allows any path of the same origin (a sign-in page) and the origins the provider lists, nothing else', () => {
    expect(isAllowedRedirect('/login?next=/cancel/seo', 'https://a.example')).toBe(true);
    expect(isAllowedRedirect('https://accounts.a.example/sign-in', 'https://a.example', ['https://accounts.a.example'])).toBe(true);
    expect(isAllowedRedirect('https://accounts.a.example/sign-in', 'https://a.example', [])).toBe(false);
    expect(isAllowedRedirect('https://accounts.a.example.evil.example/', 'https://a.example', ['https://accounts.a.example'])).toBe(false);
    expect(isAllowedRedirect('http://accounts.a.example/', 'https://a.example', ['https://accounts.a.example'])).toBe(false);
    expect(isAllowedRedirect('data:text/html,hi', 'https://a.example', ['https://accounts.a.example'])).toBe(false);
  });
});
