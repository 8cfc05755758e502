// Test support: a scripted global fetch that records what the client sent.
import { afterEach, vi } from 'vitest';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = (request: SentRequest, signal: AbortSignal) => Promise<Response> | Response;

export const sent: SentRequest[] = [];

/** Answers every fetch with `reply` and records the request. */
export function stubFetch(reply: Reply): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    sent.push(request);
    return reply(request, init.signal as AbortSignal);
  });
}

/** A JSON response; `redirectedTo` fakes a followed redirect. */
export function json(body: unknown, status = 200, redirectedTo?: string): Response {
  const response = new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (redirectedTo) {
    Object.defineProperty(response, 'redirected', { value: true });
    Object.defineProperty(response, 'url', { value: redirectedTo });
  }
  return response;
}

/** A fake window.location that records where the client navigated. */
export function stubLocation(origin = 'https://app.example'): string[] {
  const assigned: string[] = [];
  vi.stubGlobal('location', { origin, assign: (url: string) => assigned.push(url) });
  return assigned;
}

afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
