// The reference server behaves like a subscription backend, as the customer meets it (issue 15):
// a confirmed cancellation ends the subscription, a pending one is shown as it stands, a second
// submission inside the resend window lands on the final confirmation, and a same-origin redirect
// of the API takes the browser there. The cancellations are confirmed through the API: the browser
// adds nothing to that part (confirmation.spec.ts walks the mailed link in the browser).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { confirmationLink } from './support/mail';
import { radio } from './support/driver';
import { banner, cancelButton, toClosingForm } from './support/quick';
import { storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, signIn, type PersonaId } from './support/session';
import { bundle } from './support/survey';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Sends the confirmation email and confirms its link through the API, as the account the page is signed in as. */
async function confirmThroughApi(request: APIRequestContext, persona: PersonaId, segment: string, confirmRoute: string): Promise<void> {
  const { csrf_token: token } = (await (await request.get('/cancel/api/get-csrf-token/')).json()) as { csrf_token: string };
  expect((await request.post(`/cancel/api/${segment}/send-confirmation-email/`, { headers: { 'x-csrftoken': token }, data: {} })).status()).toBe(200);
  const link = await confirmationLink(request, PERSONA_EMAILS[persona], confirmRoute);
  const key = new URL(link, 'http://x').searchParams.get('key') ?? '';
  const confirmed = await request.get(`/cancel/api/${segment}/confirm/?key=${encodeURIComponent(key)}`, { headers: { 'x-csrftoken': token } });
  expect(confirmed.status()).toBe(200);
}

test('SEO confirmed: /cancel/seo is the no-subscription page, the other toolkits still open', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel');
  await confirmThroughApi(page.request, 'paid-annual', 'seo', 'seo');
  await page.goto('/cancel/seo');
  await expect(page).toHaveURL('/cancel/no-subscription');
  await expect(heading(page)).toBeVisible();
  await page.goto('/cancel/content');
  await expect(page.locator('#step-heading')).toBeVisible();
  await expect(page).toHaveURL('/cancel/content');
});

test('all-at-once confirmed: /cancel and every toolkit page are the no-subscription page', async ({ page }) => {
  const provider = bundle().toolkits.find((b) => b.access.kind === 'any-active' && b.confirmRoute !== undefined);
  if (!provider?.confirmRoute) throw new Error('the bundle has no all-at-once page');
  await signIn(page, 'sst-admin', '/cancel');
  await confirmThroughApi(page.request, 'sst-admin', provider.apiSegment, provider.confirmRoute);
  for (const path of ['/cancel', ...bundle().toolkits.map((b) => `/cancel/${b.route}`)]) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/cancel/no-subscription');
  }
  await expect(heading(page)).toBeVisible();
});

test('a pending cancellation reopened shows its confirmation state; a second submission in the window lands there too', async ({ page, context, guard }) => {
  guard.allow(/status of 429/);
  const name = `Pending ${Date.now()}`;
  await signIn(page, 'paid-annual', '/cancel/social');
  await toClosingForm(page, name);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');

  // Another tab, later: the confirmation state, with when the email went out and the countdown so far.
  const second = await context.newPage();
  await second.goto('/cancel/social');
  await expect(heading(second)).toHaveText('Your subscription has been canceled');
  await expect(second.locator('.email-sent-at')).toHaveText(/^We sent the confirmation email at .+\.$/);
  // Seen on a later day, the sentence says the day too, in a sentence of its own.
  const nextDay = await context.newPage();
  await nextDay.clock.install({ time: new Date(Date.now() + 24 * 60 * 60 * 1000) });
  await nextDay.goto('/cancel/social');
  await expect(nextDay.locator('.email-sent-at')).toHaveText(/^We sent the confirmation email on \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M\.$/);
  await nextDay.close();
  await expect(second.locator('.resend-countdown')).toHaveText(/^You can resend the email in (\d|[1-5]\d) seconds?\.$/);
  await expect(second).toHaveTitle(/Your subscription has been canceled/);

  // Starting again and sending the survey a second time, inside the resend window.
  await second.getByRole('button', { name: 'Start the survey again' }).click();
  await expect(second.locator('#step-heading')).toBeVisible();
  // The button is gone: the focus goes to the step's heading, not to the page's start.
  await expect(second.locator('#step-heading')).toBeFocused();
  await toClosingForm(second, `${name} again`);
  await cancelButton(second).click();
  await expect(heading(second)).toHaveText('Your subscription has been canceled');
  await expect(second.locator('.resend-countdown')).toHaveText(/^You can resend the email in (\d|[1-5]\d) seconds?\.$/);
  await expect(banner(second)).toHaveCount(0);
  expect(guard.reported()).toEqual([]);
  // One submission per cancellation: the first one is the record.
  expect(storedSurveys(name)).toHaveLength(1);
  expect(storedSurveys(`${name} again`)).toHaveLength(0);
});

test('a same-origin redirect of get-context takes the browser there (a sign-in page)', async ({ page }) => {
  await page.route('**/cancel/api/get-context/', (route) => route.fulfill({ status: 302, headers: { location: '/dev/?signed-out=1' } }));
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await expect(page).toHaveURL('/dev/?signed-out=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancellation area: development sign-in');
});

test('an offer taken after the cancellation went out in another tab is refused, and the banner says why', async ({ page, guard }) => {
  guard.allow(/status of 409/);
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await radio(page, 'The product doesn’t fully meet my needs').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await radio(page, 'The price is too high').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/step=discount-offer$/);

  // Meanwhile, another tab sends the cancellation email.
  const { csrf_token: token } = (await (await page.request.get('/cancel/api/get-csrf-token/')).json()) as { csrf_token: string };
  expect((await page.request.post('/cancel/api/seo/send-confirmation-email/', { headers: { 'x-csrftoken': token }, data: {} })).status()).toBe(200);

  await page.locator('form.step-form button[type="submit"]').click();
  await expect(banner(page)).toContainText(
    'The cancellation of this subscription is already under way: confirm it with the link in the email we sent you.',
  );
  expect(guard.reported()).toEqual(['Accept offer was failed']);
});
