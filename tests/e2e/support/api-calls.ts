// The API calls a page has under way, so a test can let them finish before it signs in again: a
// sign-in ends the previous session, and a call still under way on it would meet its 401.
import type { Page, Request } from '@playwright/test';

const underWay = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's /cancel/api/ calls (the guard fixture does it for every test's page). */
export function trackApiCalls(page: Page): void {
  const calls = new Set<Request>();
  underWay.set(page, calls);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/cancel/api/')) calls.add(request);
  });
  const done = (request: Request) => void calls.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits (2 s at most) until the page has no /cancel/api/ call under way; at once when it has none.
 * A call the page is about to start counts too: an effect that runs after the screen it belongs to
 * is painted (the offer's eligibility, asked once step 1 shows) starts its call within a frame, so
 * the page first lets a frame and the tasks queued behind it pass.
 */
export async function settleApiCalls(page: Page): Promise<void> {
  const calls = underWay.get(page);
  if (!calls) return;
  if (page.url().startsWith('http')) {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))).catch(() => undefined);
  }
  for (let waited = 0; calls.size > 0 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}
