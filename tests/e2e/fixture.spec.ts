// The tests of a worker share one browser context and tab (decision 129): what one test leaves
// behind that Playwright's reset does not undo must not reach the next, and a spec that reads the
// history gets a tab of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

const E2E = join(process.cwd(), 'tests/e2e');

test('every spec that reads or walks the history has a tab of its own', () => {
  const walking = readdirSync(E2E)
    .filter((name) => name.endsWith('.spec.ts') && name !== 'fixture.spec.ts')
    .filter((name) => /history\.length|\.goBack\(|\.goForward\(/.test(readFileSync(join(E2E, name), 'utf8')));
  expect(walking.length).toBeGreaterThan(0);
  for (const name of walking) expect(readFileSync(join(E2E, name), 'utf8'), name).toMatch(/test\.use\(\{ ownTab: true \}\)/);
});

test.describe('a tab of its own', () => {
  test.use({ ownTab: true });
  test('starts with an empty history', async ({ page }) => {
    expect(await page.evaluate(() => history.length)).toBe(1);
    await signIn(page, 'paid-monthly', '/cancel');
    expect(await page.evaluate(() => history.length)).toBe(2);
  });
});

test.describe('one test after another on the shared tab', () => {
  test.describe.configure({ mode: 'serial' });
  const heardByTheFirst: string[] = [];

  test('the first goes offline and listens to requests', async ({ page }) => {
    await signIn(page, 'paid-monthly', '/cancel');
    page.on('request', (request) => {
      if (request.url().endsWith('?heard')) heardByTheFirst.push(request.url());
    });
    await page.goto('/cancel/api/get-csrf-token/?heard');
    await page.context().setOffline(true);
    expect(heardByTheFirst).toHaveLength(1);
  });

  test('the next is online, on the same tab, and nobody else hears its requests', async ({ page }) => {
    // The tab's history is the one thing the reset leaves: the first test's entries are still there.
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
    await signIn(page, 'paid-monthly', '/cancel');
    const response = await page.goto('/cancel/api/get-csrf-token/?heard');
    expect(response?.ok()).toBe(true);
    expect(heardByTheFirst).toHaveLength(1);
  });
});
