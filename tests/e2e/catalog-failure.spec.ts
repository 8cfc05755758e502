// A language catalog that does not load never leaves the customer on an empty page: the page falls
// back to English, and when even that fails it says what happened and offers a reload.
import { expect, test } from './support/fixtures';
import { BANNER } from './support/quick';
import { signIn } from './support/session';

const catalogChunk = (language: string) => new RegExp(`/chunks/${language}-[A-Z0-9]+\\.js$`);

test('a German page whose catalog fails to load is shown in English, and the failure is reported', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED|Failed to fetch dynamically imported module|error loading dynamically imported module/);
  await page.route(catalogChunk('de'), (route) => route.abort());
  await signIn(page, 'paid-annual', '/cancel/seo', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('radio', { name: 'Other', exact: true })).toBeVisible();
  expect(guard.reported()).toContain('Messages weren’t loaded');
});

test('when no catalog loads at all, the page says so in English and offers a reload that works', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED|Failed to fetch dynamically imported module|error loading dynamically imported module/);
  let blocked = true;
  await page.route(/\/chunks\/(de|en)-[A-Z0-9]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
  await signIn(page, 'paid-annual', '/cancel/seo', 'de');
  await expect(page.getByRole('alert')).toContainText(BANNER);
  await expect(page.getByRole('link', { name: 'support@marketlane.example' })).toHaveAttribute('href', 'mailto:support@marketlane.example');
  // The page is German; the notice says it is English, so a screen reader reads it as English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.getByRole('alert').evaluate((alert) => alert.closest('[lang]')?.getAttribute('lang'))).toBe('en');
  expect(guard.reported().filter((label) => label === 'Messages weren’t loaded')).toHaveLength(2);
  blocked = false;
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schade, dass Sie gehen');
});
