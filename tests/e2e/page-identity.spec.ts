// Each page says what it is about: the survey's caption names the subscription being cancelled
// (spec §2: the toolkit is passed as the app name), and the title starts with 'Error:' while the
// failure banner stands.
import { expect, test } from './support/fixtures';
import { banner } from './support/quick';
import { signIn } from './support/session';
import { bundle } from './support/survey';

const pages = bundle().toolkits.filter((binding) => binding.survey === 'cancellation');

test('the caption of every survey page names its subscription, from step 1 on', async ({ page }) => {
  test.slow();
  expect(pages.length).toBeGreaterThan(8);
  for (const binding of pages) {
    const persona = binding.access.kind === 'sst-permission' ? 'sst-admin' : 'paid-annual';
    await signIn(page, persona, `/cancel/${binding.route}`);
    await expect(page.locator('.caption').first(), binding.route).toHaveText(`${binding.name} · Step 1 of 4`);
  }
  // A later step keeps it.
  await page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('group', { name: /What could we have done better\?/ })).toHaveAccessibleName(/^SST Step 2 of 4 What could we have done better\?$/);
});

test('the title starts with Error: while the banner shows, and not after a successful retry', async ({ page, guard }) => {
  guard.allow(/status of 500/);
  let failing = true;
  await page.route('**/get-context/', (route) => (failing ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Broken.' } }) : route.continue()));
  await signIn(page, 'paid-annual', '/cancel/seo');
  await expect(banner(page)).toBeVisible();
  await expect(page).toHaveTitle('Error: Manage subscription – Marketlane');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
  await expect(page).toHaveTitle('Step 1 of 4: We’re sorry to see you go – Marketlane');
});

test('before any screen names itself, the title is the provider’s name in every language', async ({ request }) => {
  const html = await (await request.get('/cancel/seo')).text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(bundle().provider.name);
});
