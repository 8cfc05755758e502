// The confirmation email, end to end: mailed link, confirm page, a used or broken key, and resend.
import { expect, test } from './support/fixtures';
import { confirmationLink } from './support/mail';
import { translateLikeABrowser } from './support/page-translation';
import { cancelButton, toClosingForm } from './support/quick';
import { PERSONA_EMAILS, signIn } from './support/session';
import { shoot } from './support/shoot';
import { bundle } from './support/survey';

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('the mailed link confirms the cancellation once; the used link says so', async ({ page, guard }) => {
  guard.allow(/status of 410/);
  await signIn(page, 'paid-annual', '/cancel/content');
  await toClosingForm(page, `Round trip ${Date.now()}`);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  await expect(page.getByText('We will send you a confirmation email shortly. In rare cases, the process may take up to 3 business days.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'cancellation and refund policy' }).first()).toHaveAttribute('href', bundle().provider.links.refundPolicy);
  await expect(page.getByText('You can resend the email in 60 seconds.')).toBeVisible();

  const link = await confirmationLink(page.request, PERSONA_EMAILS['paid-annual'], 'content');
  await page.goto(link);
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  await expect(page.getByText('You have confirmed the cancellation of Content Toolkit.')).toBeVisible();

  await page.goto(link);
  await expect(heading(page)).toHaveText('This confirmation link has already been used');
  await expect(page.getByText('Your cancellation was confirmed with this link before. You don’t need to do anything else.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Support Team' })).toHaveAttribute('href', '/kb/support/');
  expect(guard.reported()).toEqual([]);
});

test('a key the server does not know, or no key at all, gets a clear message', async ({ page, guard }) => {
  guard.allow(/status of 404/);
  await signIn(page, 'paid-monthly', '/cancel/seo/confirm-unsubscribe?key=not-a-real-key');
  await expect(heading(page)).toHaveText('This confirmation link is not valid');
  await expect(page.getByRole('link', { name: 'Start the cancellation of SEO Toolkit again' })).toHaveAttribute('href', '/cancel/seo');
  await page.goto('/cancel/seo/confirm-unsubscribe');
  await expect(heading(page)).toHaveText('This confirmation link is incomplete');
  expect(guard.reported()).toEqual([]);
});

test('resend: counts down from 60, then sends again with a new key and counts down again', async ({ page }) => {
  const keys: string[] = [];
  await page.route('**/send-confirmation-email/', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.fulfill({ json: { sent: true } });
  });
  await page.clock.install();
  await signIn(page, 'trial', '/cancel/all');
  await toClosingForm(page, `Resend ${Date.now()}`);
  await cancelButton(page).click();
  await expect(page.getByText('You can resend the email in 60 seconds.')).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByText('You can resend the email in 59 seconds.')).toBeVisible();
  await page.clock.runFor(58_000);
  await expect(page.getByText('You can resend the email in 1 second.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend email' })).toHaveCount(0);
  await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('You can resend the email in 60 seconds.')).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'We have sent the email again.' })).toHaveCount(1);
  // The button gave way to the countdown: the keyboard goes on from its section's heading, not from the page's top.
  await expect(page.getByRole('heading', { level: 2, name: 'Didn’t get the email?' })).toBeFocused();
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
});

test('under a browser’s page translation, the character count and the resend countdown go on counting', async ({ page }) => {
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await page.clock.install();
  await signIn(page, 'trial', '/cancel/all');
  await toClosingForm(page, 'Al');
  expect(await translateLikeABrowser(page)).toBeGreaterThan(10);
  await page.getByRole('textbox', { name: /Name$/ }).fill('Alma');
  await expect(page.locator('.count')).toHaveText('You have 76 characters remaining');
  await cancelButton(page).click();
  await expect(page.locator('.resend-countdown')).toHaveText('You can resend the email in 60 seconds.');
  await translateLikeABrowser(page);
  await expect(page.locator('.resend-countdown')).toHaveText('⟨t⟩You can resend the email in 60 seconds.');
  await page.clock.runFor(5000);
  await expect(page.locator('.resend-countdown')).toHaveText('You can resend the email in 55 seconds.');
  await page.clock.runFor(55_000);
  await expect(page.getByRole('button', { name: /Resend email$/ })).toBeVisible();
});

test('resend failing shows the banner and keeps the button', async ({ page, guard }) => {
  guard.allow(/status of 429/);
  let calls = 0;
  await page.route('**/send-confirmation-email/', async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ json: { sent: true } });
    else await route.fulfill({ status: 429, headers: { 'retry-after': '30' }, json: { error: 'resend-too-soon', message: 'Too soon.' } });
  });
  await page.clock.install();
  await signIn(page, 'trial', '/cancel/advertising');
  await toClosingForm(page, `Resend fails ${Date.now()}`);
  await cancelButton(page).click();
  await expect(page.getByText('You can resend the email in 60 seconds.')).toBeVisible();
  await page.clock.runFor(60_000);
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
  expect(guard.reported()).toEqual(['Send confirmation email was failed']);
});

test('the final confirmation tells the customer once the emailed link was confirmed in another tab', async ({ page, guard }) => {
  const answers: unknown[] = [];
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  // The real server answers until the customer has confirmed; then the answer says so. (The whole
  // round trip through the mailbox is the first test's; confirming here would change the account's
  // state under the other specs that cancel the same subscription.)
  let confirmedElsewhere = false;
  await page.route('**/is-confirmed/', async (route) => {
    if (confirmedElsewhere) return route.fulfill({ json: { confirmed: true, state: 'confirmed' } });
    const response = await route.fetch();
    answers.push(await response.json());
    return route.fulfill({ response });
  });
  const returnToPage = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await signIn(page, 'sst-admin', '/cancel/plan');
  await toClosingForm(page, `Confirmed elsewhere ${Date.now()}`);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');

  // Coming back to the page asks the server (the sst page's own segment); not confirmed yet.
  await returnToPage();
  await expect.poll(() => answers).toEqual([{ confirmed: false, state: 'none' }]);
  await expect(page.getByRole('heading', { name: 'Didn’t get the email?' })).toBeVisible();

  confirmedElsewhere = true;
  await returnToPage();
  await expect(page.locator('.confirmed-note')).toHaveText('You have confirmed the cancellation of SST.');
  await expect(page.getByRole('heading', { name: 'Didn’t get the email?' })).toHaveCount(0);
  await expect(page.getByText(/You can resend the email/)).toHaveCount(0);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'You have confirmed the cancellation of SST.' })).toHaveCount(1);
  expect(guard.reported()).toEqual([]);
  await shoot(page, '19-confirmed-elsewhere');
});

test('a failed check is reported with its label and shows no banner; the next return asks again', async ({ page, guard }) => {
  guard.allow(/status of 500/);
  let answer: 'fail' | 'confirmed' = 'fail';
  const asked: string[] = [];
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await page.route('**/is-confirmed/', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return answer === 'fail'
      ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Broken.' } })
      : route.fulfill({ json: { confirmed: true, state: 'confirmed' } });
  });
  await signIn(page, 'paid-monthly', '/cancel/traffic-and-market');
  await toClosingForm(page, `Checked on return ${Date.now()}`);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  // Nothing asks while the customer stays on the page.
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => guard.reported()).toEqual(["Trends: Cancellation wasn't confirmed"]);
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toHaveCount(0);
  answer = 'confirmed';
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.locator('.confirmed-note')).toHaveText('You have confirmed the cancellation of Traffic & Market Toolkit.');
  expect(asked).toEqual(['/cancel/api/traffic-and-market/is-confirmed/', '/cancel/api/traffic-and-market/is-confirmed/']);
});
