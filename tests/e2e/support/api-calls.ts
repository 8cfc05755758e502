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

const signedInAgain = new WeakSet<Page>();

/** Notes that the page is signed in as another customer while it shows a page of the previous one. */
export function markSignedInAgain(page: Page): void {
  signedInAgain.add(page);
}

/**
 * Whether a console error is the previous customer's last visit events meeting the session a test's
 * sign-in ended: the page's pagehide beacon leaves once the sign-in has answered (the new session's
 * cookie with the old session's CSRF token, 403), and a batch the visit recorder starts at an idle
 * moment can cross the sign-in (401). Only on a page a test signed in again; anywhere else such an
 * error fails the test like any other.
 */
export function isEndedSessionVisitEvents(page: Page, url: string, text: string): boolean {
  return signedInAgain.has(page) && new URL(url, 'http://x').pathname === '/cancel/api/visit-events/' && /status of 40[13]\b/.test(text);
}
