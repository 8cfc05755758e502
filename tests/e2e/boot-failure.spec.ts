// When the page's own code never runs (its main script or stylesheet blocked, failed, or not there
// after spec §9's 120000 ms), the page says so in the customer's language, with the support address
// and a reload button that works without any script, instead of staying blank.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

const MAIN_SCRIPT = /\/cancel\/assets\/main-[A-Z0-9]+\.js$/;
const STYLESHEET = /\/cancel\/assets\/main-[A-Z0-9]+\.css$/;
const SIGN_IN = '/dev/sign-in?persona=paid-annual&next=%2Fcancel%2Fseo&lang=de';

/** The German notice: its heading, its advice, the support address and the reload button; the app's root left empty. */
async function expectNotice(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Seite konnte nicht geladen werden');
  await expect(page.getByRole('alert')).toContainText('Ihre Eingaben bleiben erhalten.');
  await expect(page.getByRole('link', { name: 'support@marketlane.example' })).toHaveAttribute('href', 'mailto:support@marketlane.example');
  await expect(page.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
}

test('a blocked main script: the notice in German, and its reload button loads the page once the script comes', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED/);
  let blocked = true;
  await page.route(MAIN_SCRIPT, (route) => (blocked ? route.abort() : route.fallback()));
  await signIn(page, 'paid-annual', '/cancel/seo?from=email', 'de');
  await expectNotice(page);

  blocked = false;
  await page.getByRole('button', { name: 'Seite neu laden' }).click();
  await expect(page).toHaveURL(/\/cancel\/seo\?from=email/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schade, dass Sie gehen');
  await expect(page.locator('.boot-failure')).toHaveCount(0);
});

test('the app’s code that fails after the server’s screen is painted: the notice, not a screen that cannot be answered', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED|chunk failed to load: start/);
  await page.route(/\/cancel\/assets\/chunks\/start-[A-Z0-9]+\.js$/, (route) => route.abort());
  await signIn(page, 'paid-annual', '/cancel/seo', 'de');
  await expectNotice(page);
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'failed');
});

test('a stylesheet that fails: the notice, and the app does not start unstyled', async ({ page, guard }) => {
  guard.allow(/status of 404/);
  await page.route(STYLESHEET, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(SIGN_IN);
  await expectNotice(page);
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'failed');
});

for (const [what, asset] of [
  ['stylesheet', STYLESHEET],
  ['main script', MAIN_SCRIPT],
] as const) {
  test(`a ${what} that never arrives: the notice once spec §9's 120000 ms are over, not before`, async ({ page }) => {
    await page.clock.install();
    await page.route(asset, () => undefined);
    await page.goto(SIGN_IN, { waitUntil: 'commit' });
    // The page's clock runs on between the jumps too: 110 s leaves it ten seconds of real time short.
    await page.clock.runFor(110_000);
    await expect(page.locator('.boot-failure')).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expectNotice(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

test('the page carries the notice for a page without scripts, in the page’s language, its reload keeping the query', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/no-subscription', 'de');
  const html = await (await page.request.get('/cancel/seo?from=email&x=%22')).text();
  const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? '';
  expect(noscript).toContain('<h1>Diese Seite konnte nicht geladen werden</h1>');
  expect(noscript).toContain('<form method="get" action="/cancel/seo"><input type="hidden" name="from" value="email"><input type="hidden" name="x" value="&quot;">');
  expect(html).toContain('<template id="boot-failure">');
  // Only in the template and the noscript: the working page has no trace of it.
  await expect(page.locator('.boot-failure')).toHaveCount(0);
});
