// The test fixture every spec uses: it fails a test on any Content-Security-Policy violation,
// uncaught page error or console error, unless the test declared that error as expected.
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { isEndedSessionVisitEvents, trackApiCalls } from './api-calls';

export { expect };

interface Guard {
  /**
   * Declares console errors the test provokes on purpose (a 500 it stubs, an aborted call), until the
   * returned function withdraws the pattern (a test of several steps allows each one's errors in that step only).
   */
  allow: (pattern: RegExp) => () => void;
  /** The labels the app reported errors with (the monitoring stub logs `[label]` as a warning). */
  reported: () => string[];
}

/** The browser's own log line for a favicon the server does not have; not something the app does. */
const isFaviconMiss = (message: ConsoleMessage) => /\/favicon\.ico$/.test(message.location().url);

async function watch(page: Page, problems: string[], allowed: RegExp[], reports: string[]) {
  // Runs before any page script, outside the page's CSP (Playwright injects it over CDP).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    const report = message.type() === 'warning' ? /^\[(.+?)\]/.exec(message.text()) : null;
    if (report?.[1]) reports.push(report[1]);
    if (message.type() !== 'error' || isFaviconMiss(message) || isEndedSessionVisitEvents(page, message.location().url, message.text())) return;
    const text = message.text();
    // A failed load's message names no address; its location does.
    const where = /^Failed to load resource/.test(text) ? ` (${message.location().url})` : '';
    if (text.startsWith('CSP violation') || !allowed.some((pattern) => pattern.test(text))) problems.push(`console error: ${text}${where}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
}

export const test = base.extend<{ guard: Guard; ownTab: boolean }>({
  /**
   * A tab of the test's own, with a history that starts empty, for a spec that reads or walks the
   * history: the tab the tests share (`reuseContext` in playwright.config.ts) keeps the earlier
   * tests' entries, and Chromium keeps at most 50.
   */
  ownTab: [false, { option: true }],
  page: [
    async ({ page, ownTab }, use) => {
      if (!ownTab) return use(page);
      const tab = await page.context().newPage();
      await use(tab);
      await tab.close();
    },
    { scope: 'test', box: true },
  ],
  guard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      const reports: string[] = [];
      await watch(page, problems, allowed, reports);
      trackApiCalls(page);
      const allow = (pattern: RegExp) => {
        allowed.push(pattern);
        return () => void allowed.splice(allowed.indexOf(pattern), 1);
      };
      await use({ allow, reported: () => [...reports] });
      // The next test gets this tab and context (a new Page object for it, without this test's
      // listeners): Playwright resets their storage, routes and clock, not whether it is offline.
      await page.context().setOffline(false);
      expect(problems, 'CSP violations, page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
});
