// Support for the resilience tests (tests/e2e/resilience*.spec.ts): a server and database per
// worker, so the tests own every record they count; the failures a write can meet, injected in
// the browser's network; and the checks that follow each (answers kept, the banner's words, one
// effect on the server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page, Route } from '@playwright/test';
import { startBuiltServer, type RunningServer } from '../../../scripts/bench/serve';
import { RETRY_POLICY } from '../../../src/api/retry';
import { BANNER } from './quick';
import { expect, test as base } from './fixtures';
import { ACCOUNTS_OF_PERSONA, beforeSignIn, type PersonaId } from './session';

/** The shared fixture (CSP, page and console errors), plus a server of this worker's own. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'cancel-resilience-'));
      const server = await startBuiltServer(join(dir, 'resilience.db'));
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** Signs the page in as `persona` on the worker's server and opens `path`, the page it leaves done with first (see signIn). */
export async function open(page: Page, server: RunningServer, persona: PersonaId, path: string): Promise<void> {
  await beforeSignIn(page);
  await page.goto(`${server.base}/dev/sign-in?${new URLSearchParams({ persona, next: path }).toString()}`);
}

/** Runs `sql` on the worker's database (the tests' own: nothing else uses it). */
export function db<T>(server: RunningServer, work: (db: Database.Database) => T): T {
  const handle = new Database(server.dbFile, { fileMustExist: true });
  try {
    handle.pragma('busy_timeout = 5000');
    return work(handle);
  } finally {
    handle.close();
  }
}

/**
 * Forgets what the accounts of the persona whose own id this is did, so a test starts afresh and
 * counts its own records: cancellation, keys, mails' window, offers.
 */
export function resetUser(server: RunningServer, userId: string): void {
  db(server, (handle) =>
    handle.transaction(() => {
      for (const table of ['confirmation_keys', 'cancellation_requests', 'accepted_offers', 'downgrades']) {
        handle.prepare(`DELETE FROM ${table} WHERE user_id IN (${ACCOUNTS_OF_PERSONA})`).run({ persona: userId });
      }
    })(),
  );
}

/** The ways a write can fail, as the customer's browser meets them. */
export const FAILURES = ['500', '503 then recovers', '503 throughout', 'time-out', 'dropped connection', 'offline and back', 'reload in the middle'] as const;
export type Failure = (typeof FAILURES)[number];

/** Console errors the browser logs for each failure (the fixture fails a test on any other). */
export const FAILURE_CONSOLE = /status of 50[03]|net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED|ABORTED|FAILED)/;

/** What the banner adds to the spec's sentence after each failure that shows it (src/app/components/failure.tsx). */
export const BANNER_REASON: Partial<Record<Failure, string | null>> = {
  '500': null,
  '503 throughout': 'Our server is busy at the moment. Nothing you entered is lost: please try again in a minute.',
  'time-out': 'Our server did not answer. Nothing you entered is lost: please try again.',
  'dropped connection': 'Our server did not answer. Nothing you entered is lost: please try again.',
  'offline and back': 'You seem to be offline. Nothing you entered is lost: try again once you are back online.',
};

/** One request of the write, as it reached the browser's network. */
export interface Seen {
  idempotencyKey: string | undefined;
  /** Page clock time it was sent at. */
  at: number;
}

/** The failing write: what it saw, and the requests it holds unanswered until `release`. */
export interface Injected {
  seen: Seen[];
  /** Requests forwarded to the server whose answers are being held back. */
  held: () => number;
  release: () => void;
}

const nowOf = (page: Page) => page.evaluate(() => Date.now());

/**
 * Makes the next customer try of the write at `url` meet `failure`. Effects that reach the server
 * are real: 'time-out', 'dropped connection' and 'reload in the middle' forward the request (so the
 * server records it) and then lose the answer. Every later request goes through.
 */
export async function inject(page: Page, url: string, failure: Failure, failCount?: number): Promise<Injected> {
  const seen: Seen[] = [];
  const holding: Route[] = [];
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // How many requests fail: one try of the customer is RETRY_POLICY.attempts requests when it retries.
  const failing: Record<Failure, number> = {
    '500': 1,
    '503 then recovers': 1,
    '503 throughout': RETRY_POLICY.attempts,
    'time-out': RETRY_POLICY.attempts,
    'dropped connection': RETRY_POLICY.attempts,
    'offline and back': 1,
    'reload in the middle': 1,
  };
  await page.route(url, async (route) => {
    seen.push({ idempotencyKey: route.request().headers()['idempotency-key'], at: await nowOf(page).catch(() => 0) });
    if (seen.length > (failCount ?? failing[failure])) {
      await route.fallback();
      return;
    }
    switch (failure) {
      case '500':
        await route.fulfill({ status: 500, json: { error: 'internal-error', message: 'Something went wrong on the server.' } });
        return;
      case '503 then recovers':
      case '503 throughout':
        await route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, json: { error: 'unavailable', message: 'Try again shortly.' } });
        return;
      case 'dropped connection':
        await route.fetch();
        await route.abort('connectionreset');
        return;
      case 'time-out':
      case 'reload in the middle':
        await route.fetch();
        holding.push(route);
        await released;
        await route.abort('timedout').catch(() => undefined);
        return;
      case 'offline and back':
        // The connection goes as this request leaves: the browser is offline, and the request fails.
        await page.context().setOffline(true);
        await route.abort('internetdisconnected');
    }
  });
  return { seen, held: () => holding.length, release };
}

/** The banner shows the spec's sentence and, where there is more to say, what happened. */
export async function expectBanner(page: Page, failure: Failure): Promise<void> {
  const banner = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  const lines = banner.locator('p');
  await expect(lines.first()).toHaveText(BANNER);
  const reason = BANNER_REASON[failure];
  if (reason) await expect(lines.nth(1)).toHaveText(reason);
  else await expect(lines).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

export const noBanner = (page: Page) => expect(page.locator('.banner-error')).toHaveCount(0);

/**
 * What the page reported (the fixture's guard.reported()) after the customer's try met `failure`:
 * the write's label once when the try failed and the banner showed; nothing when the client cured
 * it by itself or the page was reloaded before an answer came.
 */
export function expectReported(reported: string[], failure: Failure, label: string): void {
  expect(reported, `reported after ${failure}`).toEqual(failure in BANNER_REASON ? [label] : []);
}

/**
 * Lets the customer's try run into `failure` after `act` (a click on the write's button): on the
 * page clock, time-outs and back-offs pass at once. Resolves when the try has failed (the banner
 * shows) or, for the failures that the client cures by itself, succeeded.
 */
export async function meet(page: Page, injected: Injected, failure: Failure, act: () => Promise<void>): Promise<void> {
  switch (failure) {
    case 'offline and back':
      await act();
      await expectBanner(page, failure);
      // Offline, the try never reaches the server, and is not repeated until the customer tries again.
      expect(injected.seen).toHaveLength(1);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await page.context().setOffline(false);
      return;
    case 'time-out':
      await act();
      for (let held = 1; held <= RETRY_POLICY.attempts; held += 1) {
        await expect.poll(injected.held).toBe(held);
        // The request's own time limit, then the back-off before the next try.
        await page.clock.runFor(15_000);
        await page.clock.runFor(RETRY_POLICY.maxDelayMs);
      }
      await expectBanner(page, failure);
      return;
    case '503 then recovers':
    case '503 throughout': {
      await act();
      // Each 503 asks for a second (Retry-After: 1); the client waits that long, then tries again.
      const retries = failure === '503 then recovers' ? 1 : RETRY_POLICY.attempts - 1;
      for (let tried = 1; tried <= retries; tried += 1) {
        await expect.poll(() => injected.seen.length).toBe(tried);
        await page.clock.runFor(1_000);
      }
      await expect.poll(() => injected.seen.length).toBe(retries + 1);
      const gaps = injected.seen.slice(1).map((s, i) => s.at - (injected.seen[i]?.at ?? 0));
      for (const gap of gaps) expect(gap, 'the wait Retry-After asked for').toBeGreaterThanOrEqual(1_000);
      if (failure === '503 throughout') await expectBanner(page, failure);
      return;
    }
    case 'reload in the middle':
      await act();
      await expect.poll(injected.held).toBe(1);
      await page.reload();
      return;
    case '500':
    case 'dropped connection':
      await act();
      await expectBanner(page, failure);
  }
}

/** The write's requests all carried the same Idempotency-Key (the server can then record it once). */
export function expectOneKey(injected: Injected): void {
  const keys = new Set(injected.seen.map((s) => s.idempotencyKey));
  expect(keys.size, 'one Idempotency-Key for every try').toBe(1);
  expect([...keys][0]).toMatch(/^[\x21-\x7e]{8,}$/);
}
