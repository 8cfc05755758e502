// The API calls a page has under way, and whether its app listens yet, so a test can let the page
// settle before it signs in again: a sign-in ends the previous session, and a call still under way
// on it would meet its 401.
import type { Page, Request } from '@playwright/test';
import { LISTENING_MARK } from '../../../src/app/first-screen-state';

/** The /cancel/api/ calls a page has under way, and how many it has started. */
const tracked = new WeakMap<Page, { underWay: Set<Request>; started: number }>();

/** Starts counting the page's /cancel/api/ calls (the guard fixture does it for every test's page). */
export function trackApiCalls(page: Page): void {
  const calls = { underWay: new Set<Request>(), started: 0 };
  tracked.set(page, calls);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/cancel/api/')) return;
    calls.underWay.add(request);
    calls.started += 1;
  });
  const done = (request: Request) => void calls.underWay.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the app of the page listens (its LISTENING_MARK): a server-rendered screen shows, and its
 * links and controls work as plain HTML, before the app's handlers are there. At once on a page
 * without the app.
 */
export async function untilPageListens(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction((mark) => document.getElementById('root') === null || performance.getEntriesByName(mark, 'mark').length > 0, LISTENING_MARK, { timeout });
}

/**
 * Waits until the page's calls have settled; at once on a page with none. An app still starting has
 * its first calls ahead of it, so a page of the app (a #root) is first given until it listens (3 s
 * at most: a page whose code is held or blocked never will). A call can lead to the next (the user's
 * load to the offer's eligibility, asked once step 1 shows, within a frame), so the page is quiet
 * once a frame and the tasks queued behind it pass with no call under way and none started (3 s at most).
 */
export async function settleApiCalls(page: Page): Promise<void> {
  const calls = tracked.get(page);
  if (!calls) return;
  const onPage = page.url().startsWith('http');
  if (onPage) await untilPageListens(page, 3000).catch(() => undefined);
  const deadline = Date.now() + 3000;
  for (let seen = -1; seen !== calls.started && Date.now() < deadline; ) {
    seen = calls.started;
    if (onPage) await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))).catch(() => undefined);
    while (calls.underWay.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
