// Every call the pages make, failing with a 500 and with a network error: the banner shows, the
// failure is reported with the call's label, nothing typed is lost, and a retry succeeds.
// A network error fails every automatic try of a call that retries by itself (src/api/retry.ts),
// so what the customer sees is the failure; tests/e2e/resilience*.spec.ts covers the retries.
import type { Page, Route } from '@playwright/test';
import { RETRY_POLICY } from '../../src/api/retry';
import { expect, test } from './support/fixtures';
import { confirmationLink } from './support/mail';
import { BANNER, banner, cancelButton, toClosingForm } from './support/quick';
import { storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, signIn, type PersonaId } from './support/session';
import { shoot } from './support/shoot';

const FAILURES = {
  '500': (route: Route) => route.fulfill({ status: 500, json: { error: 'internal-error', message: 'Something went wrong on the server.' } }),
  'network error': (route: Route) => route.abort('failed'),
} as const;
type Failure = keyof typeof FAILURES;
const CONSOLE = /status of 500|net::ERR_FAILED/;

/** Every call here retries a network error by itself: the customer's one try is that many requests. */
const triesOf = (failure: Failure) => (failure === 'network error' ? RETRY_POLICY.attempts : 1);

/** Fails the customer's next try of a matching call, then lets the following ones through. */
async function failOnce(page: Page, url: string, failure: Failure): Promise<{ failed: () => number }> {
  let failed = 0;
  await page.route(url, async (route) => {
    if (failed < triesOf(failure)) {
      failed += 1;
      await FAILURES[failure](route);
      return;
    }
    await route.fallback();
  });
  return { failed: () => failed };
}

async function expectBannerAtTop(page: Page) {
  // The spec's sentence, and after it what happened when there is more to say.
  await expect(banner(page).locator('p').first()).toHaveText(BANNER);
  await expect(banner(page).getByRole('link', { name: 'support@marketlane.example' })).toHaveAttribute('href', 'mailto:support@marketlane.example');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

for (const failure of Object.keys(FAILURES) as Failure[]) {
  test.describe(`a ${failure}`, () => {
    test(`loading the user: get-context`, async ({ page, guard }) => {
      guard.allow(CONSOLE);
      await failOnce(page, '**/cancel/api/get-context/', failure);
      await signIn(page, 'paid-annual', '/cancel/social');
      await expectBannerAtTop(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      expect(guard.reported()).toEqual(["User data wasn't received"]);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
      await expect(banner(page)).toHaveCount(0);
      // The button is gone: the focus goes to the heading of what shows instead, not to the page's start.
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });

    test(`loading the user: get-csrf-token`, async ({ page, guard }) => {
      guard.allow(CONSOLE);
      await failOnce(page, '**/cancel/api/get-csrf-token/', failure);
      await signIn(page, 'paid-annual', '/cancel/social');
      await expectBannerAtTop(page);
      expect(guard.reported()).toEqual(["CSRF token wasn't received"]);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
    });
  });
}

test('Try again after a failed user load: failing again, the new button has the focus; answered, the heading of the outcome (after the confirm call)', async ({ page, guard }) => {
  guard.allow(/status of (404|500)/);
  let failed = 0;
  await page.route('**/cancel/api/get-context/', async (route) => {
    if (failed < 2) {
      failed += 1;
      await FAILURES['500'](route);
      return;
    }
    await route.fallback();
  });
  await signIn(page, 'paid-annual', '/cancel/content/confirm-unsubscribe?key=no-such-key');
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => failed).toBe(2);
  await expect(tryAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main h1')).toHaveText('This confirmation link is not valid');
  await expect(page.locator('main h1')).toBeFocused();
  await expect(banner(page)).toHaveCount(0);
});

const SUBMISSIONS: { call: string; url: string; failure: Failure; persona: PersonaId; route: string; label: string }[] = [
  { call: 'survey storage', url: '**/survey-storage/survey-monitoring/', failure: '500', persona: 'paid-monthly', route: 'advertising', label: "Survey didn't send to survey storage" },
  { call: 'survey storage', url: '**/survey-storage/survey-monitoring/', failure: 'network error', persona: 'paid-monthly', route: 'social', label: "Survey didn't send to survey storage" },
  { call: 'send-confirmation-email', url: '**/send-confirmation-email/', failure: '500', persona: 'paid-monthly', route: 'traffic-and-market', label: 'Trends: Send confirmation email was failed' },
  { call: 'send-confirmation-email', url: '**/send-confirmation-email/', failure: 'network error', persona: 'sst-admin', route: 'plan', label: 'SST: Send confirmation email was failed' },
];

for (const { call, url, failure, persona, route, label } of SUBMISSIONS) {
  test(`submitting on /cancel/${route}: ${call} fails with a ${failure}, the answers stay and a retry sends once`, async ({ page, guard }) => {
    guard.allow(CONSOLE);
    await page.setViewportSize({ width: 375, height: 640 });
    const calls: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && calls.push(new URL(r.url()).pathname));
    const failing = await failOnce(page, url, failure);
    const name = `Retry ${route} ${failure} ${Date.now()}`;
    await signIn(page, persona, `/cancel/${route}`);
    await toClosingForm(page, name);
    await page.getByRole('textbox', { name: 'Have anything else to add?' }).fill('Kept after a failure');
    await cancelButton(page).click();

    await expectBannerAtTop(page);
    expect(failing.failed()).toBe(triesOf(failure));
    expect(guard.reported()).toEqual([label]);
    // Everything typed is still there.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(page.getByRole('textbox', { name: 'Have anything else to add?' })).toHaveValue('Kept after a failure');
    await expect(page.getByRole('checkbox')).toBeChecked();

    await cancelButton(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
    await expect(banner(page)).toHaveCount(0);
    // Stored once: a retry after a failed email does not send the survey again.
    expect(storedSurveys(name)).toHaveLength(1);
    const storageCalls = calls.filter((p) => p.endsWith('/survey-monitoring/')).length;
    expect(storageCalls).toBe(call === 'survey storage' ? triesOf(failure) + 1 : 1);
    const binding = route === 'plan' ? 'sst' : route;
    expect(await confirmationLink(page.request, PERSONA_EMAILS[persona], binding)).toContain('key=');
  });
}

// Each failure on its own customer and page: a confirmed cancellation takes no second email there.
const CONFIRMING: { failure: Failure; persona: PersonaId; route: string; name: string; reason: string | null }[] = [
  { failure: '500', persona: 'paid-annual', route: 'seo', name: 'SEO Toolkit', reason: null },
  { failure: 'network error', persona: 'paid-annual', route: 'ai', name: 'AI Toolkit', reason: 'Our server did not answer. Nothing you entered is lost: please try again.' },
];

for (const { failure, persona, route, name, reason } of CONFIRMING) {
  test(`confirming: the confirm call fails with a ${failure}, Try again confirms`, async ({ page, guard }) => {
    guard.allow(CONSOLE);
    await signIn(page, persona, `/cancel/${route}`);
    await toClosingForm(page, `Confirm retry ${failure} ${Date.now()}`);
    await cancelButton(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
    const link = await confirmationLink(page.request, PERSONA_EMAILS[persona], route);

    const failing = await failOnce(page, `**/cancel/api/${route}/confirm/**`, failure);
    await page.goto(link);
    await expectBannerAtTop(page);
    if (reason) await expect(banner(page).locator('p').nth(1)).toHaveText(reason);
    else await expect(banner(page).locator('p')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t confirm your cancellation');
    expect(failing.failed()).toBe(triesOf(failure));
    expect(guard.reported()).toEqual(['Confirm unsubscribe request was failed']);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
    await expect(page.getByText(`You have confirmed the cancellation of ${name}.`)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
}

test('a double click on Cancel subscription sends once', async ({ page }) => {
  const posts: string[] = [];
  await page.route('**/survey-storage/survey-monitoring/', async (route) => {
    posts.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fallback();
  });
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  const name = `Double ${Date.now()}`;
  await signIn(page, 'trial', '/cancel/local');
  await toClosingForm(page, name);
  await cancelButton(page).dblclick();
  await expect(cancelButton(page)).toBeDisabled();
  await cancelButton(page).click({ force: true });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
  expect(posts).toHaveLength(1);
  expect(storedSurveys(name)).toHaveLength(1);
});

test('a screen whose code cannot load shows the banner and is reported', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED|dynamically imported module|Failed to fetch/);
  await page.route('**/cancel/assets/chunks/SurveyPage-*.js', (route) => route.abort('failed'));
  await signIn(page, 'paid-annual', '/cancel/seo');
  await expect(banner(page)).toHaveText(BANNER);
  expect(guard.reported()).toEqual(['Screen failed to render']);
});

test('a later screen whose code cannot load offline says so, and shows once back online', async ({ page, guard }) => {
  guard.allow(/ERR_INTERNET_DISCONNECTED|dynamically imported module|Failed to fetch/);
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await signIn(page, 'trial', '/cancel/local');
  await toClosingForm(page, `Later offline ${Date.now()}`);
  await cancelButton(page).click();
  const canceled = page.getByRole('heading', { level: 1, name: 'Your subscription has been canceled' });
  await expect(canceled).toBeVisible();

  // A reload brings the customer back to the confirmation, whose code goes with the connection.
  let blocked = true;
  await page.route('**/cancel/assets/chunks/later-screens-*.js', async (route) => {
    if (!blocked) return route.continue();
    await page.context().setOffline(true);
    return route.abort('internetdisconnected');
  });
  await page.reload();
  await expect(banner(page).locator('p')).toHaveText([BANNER, 'You seem to be offline. Nothing you entered is lost: try again once you are back online.']);
  expect(guard.reported()).toEqual(['Screen failed to render']);

  // Back online, the screen's code is asked for again and the confirmation shows, without a reload.
  blocked = false;
  await page.context().setOffline(false);
  await expect(canceled).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(guard.reported()).toEqual(['Screen failed to render']);
});

test('a session that ended before the survey was sent: the banner says so and links to sign-in; signed in again, the answers are still there and go out', async ({ page, guard }) => {
  guard.allow(/status of 401/);
  const name = `Session ended ${Date.now()}`;
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await toClosingForm(page, name);
  await page.context().clearCookies();
  await cancelButton(page).click();
  await expect(banner(page)).toContainText('You are no longer signed in. Sign in again, then try again: nothing you entered is lost.');
  expect(guard.reported()).toEqual(["Survey didn't send to survey storage"]);
  await shoot(page, '69-session-ended');
  const again = banner(page).getByRole('link', { name: 'Sign in again' });
  await expect(again).toHaveAttribute('href', `/dev/?next=${encodeURIComponent('/cancel/seo?step=final')}`);
  await again.click();
  await page.getByRole('link', { name: 'paid-monthly in en', exact: true }).click();
  await expect(page).toHaveURL('/cancel/seo?step=final');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page.getByRole('checkbox').check();
  await cancelButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
  expect(storedSurveys(name)).toHaveLength(1);
});
