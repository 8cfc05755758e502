// Every route and redirect of spec §2, generated from the bindings and redirects of the bundle.
import type { Route } from '@playwright/test';
import type { ToolkitBinding } from '../../src/model';
import { untilPageListens } from './support/api-calls';
import { radio, stepHeading } from './support/driver';
import { expect, test } from './support/fixtures';
import { toClosingForm } from './support/quick';
import { signIn } from './support/session';
import { bundle, surveyOf } from './support/survey';

// These tests read or walk the history: each gets a tab whose history starts empty.
test.use({ ownTab: true });

const SURVEY_HEADING = (route: string) => {
  const binding = bundle().toolkits.find((b) => b.route === route)!;
  const flow = surveyOf(binding).audiences.paid;
  return stepHeading(flow.steps[flow.start]!);
};

// Each page and redirect is a step of one test: a page of its own per route would spend most of its
// time starting a browser context, and the step still names the route that fails.
const personaFor = (binding: ToolkitBinding) => (binding.access.kind === 'sst-permission' ? 'sst-admin' : 'paid-monthly');

test.describe('toolkit pages', () => {
  test('each toolkit page shows its survey to a customer who has the toolkit', async ({ page }) => {
    for (const binding of bundle().toolkits) {
      const persona = personaFor(binding);
      await test.step(`/cancel/${binding.route} shows the ${binding.survey} survey to ${persona}`, async () => {
        await signIn(page, persona, `/cancel/${binding.route}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(SURVEY_HEADING(binding.route));
        await expect(page).toHaveURL(`/cancel/${binding.route}`);
      });
    }
  });

  test('each confirm-unsubscribe page explains a link without a key', async ({ page }) => {
    const confirming = bundle().toolkits.filter((binding) => binding.confirmRoute);
    expect(confirming.length).toBeGreaterThan(0);
    for (const binding of confirming) {
      await test.step(`/cancel/${binding.confirmRoute}/confirm-unsubscribe`, async () => {
        await signIn(page, personaFor(binding), `/cancel/${binding.confirmRoute}/confirm-unsubscribe`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('This confirmation link is incomplete');
        await expect(page.getByRole('link', { name: bundle().provider.supportEmail })).toHaveAttribute('href', `mailto:${bundle().provider.supportEmail}`);
      });
    }
  });
});

test.describe('access (spec §4)', () => {
  test('a toolkit that is not active leads to no-subscription', async ({ page }) => {
    await signIn(page, 'seo-only', '/cancel/local');
    await expect(page).toHaveURL('/cancel/no-subscription');
  });

  test('the sst plan needs the cancellation permission', async ({ page }) => {
    await signIn(page, 'sst-member', '/cancel/plan');
    await expect(page).toHaveURL('/cancel/no-subscription');
  });

  test('a user without an active recurring subscription goes to no-subscription from every page', async ({ page }) => {
    for (const path of ['/cancel', '/cancel/seo', '/cancel/all', '/cancel/growth-kit']) {
      await signIn(page, 'no-subscription', path);
      await expect(page).toHaveURL('/cancel/no-subscription');
    }
  });

  test('a visitor who is not signed in is asked to sign in, and nothing more is loaded', async ({ page, guard }) => {
    guard.allow(/status of 401/);
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/cancel/api/') && calls.push(new URL(request.url()).pathname));
    await page.goto('/cancel/seo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
    expect(calls).toEqual(['/cancel/api/get-context/']);
  });

  test('a visitor who is not signed in signs in from the page and comes back to it', async ({ page, guard }) => {
    guard.allow(/status of 401/);
    await page.context().clearCookies();
    await page.goto('/cancel/seo?from=email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
    const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
    await expect(signIn).toHaveAttribute('href', `/dev/?next=${encodeURIComponent('/cancel/seo?from=email')}`);
    await expect(page.getByRole('link', { name: 'Back to homepage' })).toBeVisible();
    // The reference server's sign-in page (provider.yaml's `signIn`): a persona, then back where the visitor was.
    await signIn.click();
    await page.getByRole('link', { name: 'paid-monthly in en', exact: true }).click();
    await expect(page).toHaveURL('/cancel/seo?from=email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
  });

  test('an emailed link opened signed out, in a German browser, asks in German (decision 177)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto('/cancel/seo/confirm-unsubscribe?key=abc');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Melden Sie sich an, um fortzufahren');
      await expect(page.getByText('Sie müssen angemeldet sein, um Ihr Abonnement zu verwalten.')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    } finally {
      await context.close();
    }
  });
});

test.describe('main page (DESIGN §8)', () => {
  test('lists the user’s toolkit subscriptions and all-at-once', async ({ page }) => {
    await signIn(page, 'paid-monthly', '/cancel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which subscription do you want to cancel?');
    const own = bundle().toolkits.filter((b) => b.access.kind === 'active-toolkit');
    for (const binding of own) await expect(page.getByRole('link', { name: binding.name, exact: true })).toHaveAttribute('href', `/cancel/${binding.route}`);
    await page.getByRole('link', { name: /Cancel all tools/ }).click();
    await expect(page).toHaveURL('/cancel/all');
  });

  test('goes straight to the page of a sole active toolkit, replacing /cancel', async ({ page }) => {
    await signIn(page, 'seo-only', '/cancel/no-subscription');
    const before = await page.evaluate(() => history.length);
    await page.goto('/cancel');
    await expect(page).toHaveURL('/cancel/seo');
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await expect(page).toHaveURL('/cancel/no-subscription');
  });
});

test.describe('redirects (spec §2)', () => {
  const redirects = [
    ...bundle().redirects.map((r) => ({ from: `/cancel/${r.from}`, to: `/cancel/${r.to}` })),
    { from: '/cancel/no-such-page', to: '/cancel' },
    { from: '/cancel/seo/extra/segments', to: '/cancel' },
  ];
  test('each one replaces the URL it redirects from', async ({ page }) => {
    for (const { from, to } of redirects) {
      await test.step(`${from} replace-redirects to ${to}`, async () => {
        await signIn(page, 'paid-monthly', '/cancel/no-subscription');
        const before = await page.evaluate(() => history.length);
        await page.goto(from);
        await expect(page).toHaveURL(to);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Replaced, not pushed: one entry for the visit, and Back skips the redirecting URL.
        expect(await page.evaluate(() => history.length)).toBe(before + 1);
        await page.goBack();
        await expect(page).toHaveURL('/cancel/no-subscription');
      });
    }
  });
});

test.describe('no-subscription page (spec §2)', () => {
  test('shows every element and records the analytics events', async ({ page }) => {
    const { provider } = bundle();
    await signIn(page, 'no-subscription', '/cancel/no-subscription');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You don’t have an active ${provider.name} subscription`);
    await expect(page.getByText('If you have any questions or want to unsubscribe from extra tools, feel free to contact our Support Team.')).toBeVisible();
    const extraTools = page.getByRole('link', { name: 'Learn more about extra tools' });
    // The note that the subscription has no extra tools, with its link in the same sentence's paragraph.
    const note = page.locator('main p').filter({ hasText: 'Your subscription doesn’t include extra tools.' });
    await expect(note).toHaveText('Your subscription doesn’t include extra tools. Learn more about extra tools');
    await expect(note.getByRole('link')).toHaveText('Learn more about extra tools');
    const home = page.getByRole('link', { name: 'Back to homepage' });
    const support = page.getByRole('link', { name: 'Contact support' });
    await expect(extraTools).toHaveAttribute('href', provider.links.extraTools);
    await expect(home).toHaveAttribute('href', provider.links.home);
    await expect(support).toHaveAttribute('href', '/kb/support/');
    // The server's screen works before the app is there; the app records the clicks once it listens.
    await untilPageListens(page);
    // Keep the page while clicking, to read what was recorded.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await extraTools.click();
    await home.click();
    await support.click();
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toEqual([
      { event: 'load:no-active-recurring' },
      { event: 'click:extra-tools' },
      { event: 'click:homepage' },
      { event: 'click:contact-support' },
    ]);
    await expect(page).toHaveTitle(`You don’t have an active ${provider.name} subscription – ${provider.name}`);
  });
});

test.describe('language (spec §2)', () => {
  test('follows the session’s language, and is English wherever the URL contains plan', async ({ page }) => {
    await signIn(page, 'sst-admin', '/cancel/seo', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/cancel/plan');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('survey screen (spec §2)', () => {
  test('has its own Back to homepage and Contact support links, on every step', async ({ page }) => {
    const { links } = bundle().provider;
    expect(links.support).toBe('/kb/support/');
    const expectHelpLinks = async () => {
      const help = page.getByRole('navigation', { name: 'Help' });
      await expect(help.getByRole('link')).toHaveText(['Back to homepage', 'Contact support']);
      await expect(help.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', links.home);
      await expect(help.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/kb/support/');
    };
    await signIn(page, 'trial', '/cancel/content');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
    await expectHelpLinks();
    await radio(page, 'I’m not sure if I need it').check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/What makes you unsure\?$/);
    await expectHelpLinks();
    await signIn(page, 'sst-admin', '/cancel/plan');
    await toClosingForm(page, `Help links ${Date.now()}`);
    await expectHelpLinks();
  });
});

test.describe('placeholder (spec §2)', () => {
  test('a blank placeholder shows while the screen’s code loads, then the step', async ({ page }) => {
    // The survey screen's chunk is held until the test lets it go; everything else loads.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Route[] = [];
    await page.route('**/cancel/assets/chunks/SurveyPage-*.js', async (route) => {
      held.push(route);
      await released;
      await route.fallback();
    });
    // A route change within the page: a page opened afresh comes with its first screen rendered by the server.
    await signIn(page, 'paid-annual', '/cancel');
    const link = page.locator('main .toolkit-list a[href="/cancel/content"]');
    await expect(link).toBeVisible();
    await link.click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // The frame and its messages are there; only the screen is missing.
    await expect(page.locator('header')).toContainText('Manage subscription');
    const placeholder = page.locator('main .placeholder');
    await expect(placeholder).toHaveCount(1);
    await expect(placeholder).toHaveAttribute('aria-busy', 'true');
    await expect(placeholder).toBeEmpty();
    await expect(page.locator('main')).toHaveText('');
    await expect(page.locator('h1')).toHaveCount(0);
    // Still so a moment later: it waits for the code, not for a timer.
    await page.waitForTimeout(500);
    await expect(page.locator('h1')).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’re sorry to see you go');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });
});
