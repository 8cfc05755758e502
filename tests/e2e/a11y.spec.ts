// WCAG 2.2 AA with axe-core on every screen and state, at 375, 768 and 1280 px, in all 14
// languages (a language whose catalog is not written yet shows English, and is checked all the same).
//
// One page walks the states of a group in order; at each state the viewport is resized to the
// three widths without reloading, and axe runs at each. axe-core is the engine @axe-core/playwright
// wraps, at its version; it is put into each document once and run per state, because the
// wrapper injects its 500 KB anew for every analysis, which costs seconds a check on this machine.
// The languages and groups are separate tests, so the workers share them out.
import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/model';
import { axeViolations, describeViolation } from './support/axe';
import { loadCatalog } from './support/catalog';
import { answer, box, declineOffer, failSubmit, submit, toClosingFormInAnyLanguage } from './support/handles';
import { expect, test } from './support/fixtures';
import { mailbox } from './support/server-data';
import { signIn, type PersonaId } from './support/session';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
] as const;

/** Checks the page's current state at every width, and keeps count. */
class Checker {
  checks = 0;
  states: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly language: Language,
  ) {}

  async check(state: string): Promise<void> {
    const { page } = this;
    // Alternate the order, so one resize in three is saved.
    const widths = this.states.length % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
    this.states.push(state);
    for (const size of widths) {
      await page.setViewportSize(size);
      const violations = await axeViolations(page, TAGS);
      this.checks += 1;
      const found = violations.map(describeViolation);
      expect.soft(found, `${this.language} · ${state} · ${size.width}px`).toEqual([]);
    }
  }
}

async function atStep(page: Page, stepId: string | null): Promise<void> {
  if (stepId) await expect(page).toHaveURL(new RegExp(`[?&]step=${stepId}(&|$)`));
  await expect(page.locator('#step-heading')).toBeVisible();
}

/** Offers and the calls whose effects other tests count are answered here, so the languages can run side by side. */
async function answerRetentionAndEmail(page: Page): Promise<void> {
  await page.route('**/eligible-for-offer/', (route) => route.fulfill({ json: { result: true, downgrade_plans: ['guru', 'pro'] } }));
  await page.route('**/accept-offer/', (route) => route.fulfill({ json: { accepted: true, offer: 'discount-offer', toolkit: 'seo' } }));
  await page.route('**/downgrade/**', (route) => route.fulfill({ json: { downgraded: true, toolkit: 'seo', plan: 'guru' } }));
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
}

async function open(page: Page, persona: PersonaId, path: string, language: Language): Promise<void> {
  await signIn(page, persona, path, language);
  await expect(page.locator('html')).toHaveAttribute('lang', path.includes('plan') ? 'en' : language);
}

const LONG_1500 = 'x'.repeat(1501);
const LONG_250 = 'y'.repeat(251);
const LONG_80 = 'z'.repeat(81);

for (const language of LANGUAGES) {
  test.describe(`${language}`, () => {
    test.describe.configure({ mode: 'parallel' });
    test.setTimeout(240_000);

    test('survey: every step empty, with each error, Other revealed, over a limit; the discount offer; the final confirmation', async ({ page }, testInfo) => {
      const axe = new Checker(page, language);
      await answerRetentionAndEmail(page);
      await open(page, 'paid-monthly', '/cancel/seo', language);

      // Step 1.
      await atStep(page, null);
      await axe.check('step 1');
      await failSubmit(page);
      await axe.check('step 1: no answer');
      await answer(page, 'other').check();
      await expect(box(page, 'root_details_other')).toBeVisible();
      await axe.check('step 1: Other revealed');
      await failSubmit(page);
      await axe.check('step 1: Other blank');
      await box(page, 'root_details_other').fill(LONG_1500);
      await failSubmit(page);
      await axe.check('step 1: Other over its limit');

      // Step 2 (what could we have done better), with its answer that needs text.
      await answer(page, 'not-meeting-needs').check();
      await submit(page).click();
      await atStep(page, 'what-could-be-better');
      await axe.check('step 2 (needs)');
      await failSubmit(page);
      await axe.check('step 2 (needs): no answer');
      await answer(page, 'needs-improvements').check();
      await failSubmit(page);
      await axe.check('step 2 (needs): needs text, blank');
      await answer(page, 'other').check();
      await box(page, 'root_details_other').fill(LONG_1500);
      await failSubmit(page);
      await axe.check('step 2 (needs): Other over its limit');

      // The discount offer.
      await answer(page, 'price-too-high').check();
      await submit(page).click();
      await atStep(page, 'discount-offer');
      await axe.check('discount offer');
      await declineOffer(page).click();

      // Step 3 and 3.5.
      await atStep(page, 'competitors');
      await axe.check('step 3');
      await failSubmit(page);
      await axe.check('step 3: no answer');
      await answer(page, 'will-use-other').check();
      await submit(page).click();
      await atStep(page, 'other-services');
      await axe.check('step 3.5');
      await failSubmit(page);
      await axe.check('step 3.5: blank');
      await box(page, 'root_text').fill(LONG_250);
      await failSubmit(page);
      await axe.check('step 3.5: over its limit');
      await box(page, 'root_text').fill('Rival Suite');
      await submit(page).click();

      // Step 4.
      await atStep(page, 'final');
      await axe.check('step 4');
      await box(page, 'root_name').fill('');
      await failSubmit(page);
      await axe.check('step 4: no name, no agreement');
      await box(page, 'root_name').fill(LONG_80);
      await box(page, 'root_comment').fill('Thanks');
      await failSubmit(page);
      await axe.check('step 4: name over its limit');
      await box(page, 'root_name').fill(`A11y ${language} ${Date.now()}`);
      await box(page, 'root_agreement').check();
      await submit(page).click();

      // The final confirmation, its countdown running.
      await expect(page).toHaveURL(/[?&]step=done/);
      await expect(page.locator('.resend-countdown')).toBeVisible();
      await axe.check('final confirmation');
      await testInfo.attach('a11y', { body: `${axe.states.length} states × 3 widths: ${axe.checks} axe checks`, contentType: 'text/plain' });
    });

    test('survey: step 2 of the other reason, the downgrade offer and its error, both offers accepted; trial steps', async ({ page }, testInfo) => {
      const axe = new Checker(page, language);
      await answerRetentionAndEmail(page);
      await open(page, 'paid-monthly', '/cancel/seo', language);
      await atStep(page, null);
      await answer(page, 'not-using-now').check();
      await submit(page).click();
      await atStep(page, 'why-not-using');
      await axe.check('step 2 (not using)');
      await failSubmit(page);
      await axe.check('step 2 (not using): no answer');
      await answer(page, 'other').check();
      await expect(box(page, 'root_details_other')).toBeVisible();
      await axe.check('step 2 (not using): Other revealed');
      await answer(page, 'budget').check();
      await submit(page).click();
      await atStep(page, 'downgrade-offer');
      await axe.check('downgrade offer');
      await failSubmit(page);
      await axe.check('downgrade offer: no plan');
      await answer(page, 'guru').check();
      await submit(page).click();
      await expect(page).toHaveURL(/[?&]step=retained/);
      await axe.check('downgrade accepted');

      await open(page, 'paid-monthly', '/cancel/all', language);
      await atStep(page, null);
      await answer(page, 'not-meeting-needs').check();
      await submit(page).click();
      await atStep(page, 'what-could-be-better');
      await answer(page, 'price-too-high').check();
      await submit(page).click();
      await atStep(page, 'discount-offer');
      await submit(page).click();
      await expect(page).toHaveURL(/[?&]step=retained/);
      await axe.check('discount accepted');

      // Trial wording, the trial-only follow-up and the closing form without a comment.
      await open(page, 'trial', '/cancel/ai', language);
      await atStep(page, null);
      await axe.check('trial: step 1');
      await answer(page, 'not-sure-need').check();
      await submit(page).click();
      await atStep(page, 'why-not-sure');
      await axe.check('trial: step 2 (not sure)');
      await page.locator('.back-link').click();
      await atStep(page, null);
      await toClosingFormInAnyLanguage(page, atStep);
      await axe.check('trial: step 4');
      await testInfo.attach('a11y', { body: `${axe.states.length} states × 3 widths: ${axe.checks} axe checks`, contentType: 'text/plain' });
    });

    test('main page, no-subscription, growth kit, confirm page (valid, invalid and missing key), the banner', async ({ page, guard }, testInfo) => {
      guard.allow(/status of (404|500)/);
      const axe = new Checker(page, language);

      await open(page, 'paid-monthly', '/cancel', language);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main .toolkit-list a').first()).toBeVisible();
      await axe.check('main page');

      await open(page, 'no-subscription', '/cancel/no-subscription', language);
      await expect(page.locator('main h1')).toBeVisible();
      await axe.check('no-subscription');

      await open(page, 'paid-annual', '/cancel/growth-kit', language);
      await atStep(page, null);
      await axe.check('growth kit');
      await box(page, 'root_name').fill('');
      await failSubmit(page);
      await axe.check('growth kit: errors');
      await box(page, 'root_name').fill(`A11y growth ${language}`);
      await box(page, 'root_reason').fill('Moving on');
      await box(page, 'root_agreement').check();
      await submit(page).click();
      await expect(page).toHaveURL(/[?&]step=done/);
      await expect(page.locator('#step-heading')).toBeFocused();
      await axe.check('growth kit: request sent');

      await page.route('**/cancel/api/seo/confirm/**', (route) => route.fulfill({ json: { confirmed: true, toolkit: 'seo' } }));
      await page.goto('/cancel/seo/confirm-unsubscribe?key=valid-key-answered-by-the-test');
      await expect(page.locator('.panel-success h1')).toBeVisible();
      await axe.check('confirm page: valid key');
      await page.unroute('**/cancel/api/seo/confirm/**');
      await page.goto('/cancel/seo/confirm-unsubscribe?key=no-such-key');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main a[href="/cancel/seo"]')).toBeVisible();
      await axe.check('confirm page: invalid key');
      await page.goto('/cancel/seo/confirm-unsubscribe');
      await expect(page.locator('main h1')).toBeVisible();
      await axe.check('confirm page: missing key');

      await page.route('**/cancel/api/get-context/', (route) => route.fulfill({ status: 500, json: { error: 'internal-error', message: 'x' } }));
      await page.goto('/cancel/seo');
      await expect(page.locator('.banner-error')).toBeVisible();
      await axe.check('the banner');
      await testInfo.attach('a11y', { body: `${axe.states.length} states × 3 widths: ${axe.checks} axe checks`, contentType: 'text/plain' });
    });
  });
}

// The states the walks above do not reach: the confirm page's other key problems (the server's
// answers stubbed), the resend once its countdown is over, and the banner's offline, busy and
// no-answer variants, in every language; and the sst plan page, which is English whatever the
// page's language (spec §2: a URL with 'plan').
for (const language of LANGUAGES) {
  test.describe(`more states · ${language}`, () => {
    test.setTimeout(180_000);
    const { t } = loadCatalog(language);

    // One page takes the three groups in turn (a browser context per group cost more than its checks);
    // the fake clock of the last one would hold back the others' retries, so it comes last.
    test('confirm page problems; the banner offline, busy, no answer; the final confirmation once the email can be resent', async ({ page, guard }, testInfo) => {
      const axe = new Checker(page, language);

      await test.step('confirm page: used, expired, for another account, for another subscription', async () => {
        const problems = [
          { error: 'key-used', status: 410, heading: 'This confirmation link has already been used' },
          { error: 'key-expired', status: 410, heading: 'This confirmation link has expired' },
          { error: 'key-wrong-user', status: 403, heading: 'This confirmation link is for another account' },
          { error: 'key-wrong-toolkit', status: 400, heading: 'This confirmation link is for another subscription' },
        ];
        const withdraw = guard.allow(/status of (400|403|410)/);
        let stubbed = problems[0];
        await page.route('**/cancel/api/seo/confirm/**', (route) => route.fulfill({ status: stubbed?.status ?? 500, json: { error: stubbed?.error, message: 'x' } }));
        await open(page, 'paid-monthly', '/cancel/no-subscription', language);
        for (const problem of problems) {
          stubbed = problem;
          await page.goto(`/cancel/seo/confirm-unsubscribe?key=${problem.error}-answered-by-the-test`);
          await expect(page.locator('main h1')).toHaveText(t(problem.heading));
          await axe.check(`confirm page: ${problem.error}`);
        }
        expect(axe.checks).toBe(problems.length * WIDTHS.length);
        await page.unrouteAll();
        withdraw();
      });

      await test.step('the banner: offline, busy, no answer', async () => {
        const withdraw = guard.allow(/status of 503|net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
        const reason = (english: string) => expect(page.locator('.banner-error p').nth(1)).toHaveText(t(english));

        await answerRetentionAndEmail(page);
        await open(page, 'paid-annual', '/cancel/local', language);
        await toClosingFormInAnyLanguage(page, atStep, { agree: true });
        await page.context().setOffline(true);
        await submit(page).click();
        await reason('You seem to be offline. Nothing you entered is lost: try again once you are back online.');
        await axe.check('banner: offline, on the closing form');
        await page.context().setOffline(false);

        let failure: 'busy' | 'no answer' = 'busy';
        await page.route('**/cancel/api/get-context/', (route) =>
          failure === 'busy' ? route.fulfill({ status: 503, json: { error: 'unavailable', message: 'x' } }) : route.abort('failed'),
        );
        await page.goto('/cancel/local');
        await reason('Our server is busy at the moment. Nothing you entered is lost: please try again in a minute.');
        await axe.check('banner: busy');
        failure = 'no answer';
        await page.goto('/cancel/local');
        await reason('Our server did not answer. Nothing you entered is lost: please try again.');
        await axe.check('banner: no answer');
        await page.unrouteAll();
        withdraw();
      });

      await test.step('cancellation policies: cancel now on an optional question, the declaration and its error, the receipt, the undo page and its result', async () => {
        await open(page, 'paid-de', '/cancel/seo', language);
        await atStep(page, null);
        await expect(page.locator('.cancel-now')).toBeVisible();
        await axe.check('policy: question with cancel now, optional');
        await submit(page).click();
        await expect(page).toHaveURL(/[?&]step=declare/);
        await box(page, 'root_name').fill('');
        await failSubmit(page);
        await axe.check('policy: declaration, no name');
        await box(page, 'root_name').fill(`A11y policy ${language}`);
        await submit(page).click();
        await expect(page.locator('.receipt-reference')).toBeVisible();
        await axe.check('policy: receipt');
        const [receipt] = await mailbox(page.request, 'mine');
        const undo = new URL(receipt?.links.find((link) => link.includes('undo=')) ?? 'http://x/');
        await page.goto(undo.pathname + undo.search);
        await expect(page.locator('main button.button')).toBeVisible();
        await axe.check('policy: undo page');
        await page.locator('main button.button').click();
        await expect(page.locator('.panel-success h1')).toBeVisible();
        await axe.check('policy: undone');
      });

      await test.step('the final confirmation once the email can be resent, and after resending', async () => {
        await answerRetentionAndEmail(page);
        await page.clock.install();
        await open(page, 'paid-annual', '/cancel/social', language);
        await toClosingFormInAnyLanguage(page, atStep, { agree: true });
        await submit(page).click();
        await expect(page).toHaveURL(/[?&]step=done/);
        await expect(page.locator('.resend-countdown')).toBeVisible();
        await page.clock.runFor(60_000);
        await expect(page.locator('.resend-countdown')).toHaveCount(0);
        const resend = page.getByRole('button', { name: t('Resend email') });
        await expect(resend).toBeVisible();
        await axe.check('final confirmation: resend available');
        await resend.click();
        await expect(page.locator('[aria-live="polite"]').filter({ hasText: t('We have sent the email again.') })).toHaveCount(1);
        await axe.check('final confirmation: sent again');

        // Coming back to the page while the cancellation waits for its link (the server's context says so).
        await page.route('**/cancel/api/get-context/', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          const pending = [{ toolkit: 'social', email_sent_at: new Date().toISOString(), resend_in_seconds: 42 }];
          await route.fulfill({ response, json: { ...body, pending_cancellations: pending } });
        });
        await page.goto('/cancel/social');
        await expect(page.locator('.email-sent-at')).toBeVisible();
        await axe.check('pending cancellation reopened');
      });
      await testInfo.attach('a11y', { body: `${axe.states.length} states × 3 widths: ${axe.checks} axe checks`, contentType: 'text/plain' });
    });
  });
}

test('the sst plan page: step 1, its error, the closing form', async ({ page }) => {
  const axe = new Checker(page, 'en');
  await open(page, 'sst-admin', '/cancel/plan', 'en');
  await atStep(page, null);
  await axe.check('sst plan: step 1');
  await failSubmit(page);
  await axe.check('sst plan: step 1, no answer');
  await toClosingFormInAnyLanguage(page, atStep);
  await axe.check('sst plan: step 4');
});

test.describe('the browser’s own text size', () => {
  // The font size is set on the tab: a tab of its own, so later tests keep the default.
  test.use({ ownTab: true, viewport: { width: 375, height: 812 } });
  test('sizes the text, at every width, and the page still fits the screen (WCAG 1.4.4)', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24 } });
    await open(page, 'paid-monthly', '/cancel/seo', 'en');
    await atStep(page, null);
    const size = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontSize);
    // 16px and 19px (from 600px) by default, so 24px and 28.5px here.
    expect(await size('.radios__label')).toBe('24px');
    expect(await size('h1')).toBe('48px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await size('.radios__label')).toBe('28.5px');
  });
});
