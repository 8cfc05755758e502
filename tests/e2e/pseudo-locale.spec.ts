// Hard-coded English, found with the pseudo-locale (decision 27): under `?lang=pseudo` every message
// that went through Lingui is wrapped in ⟦ ⟧, so a text the customer can see or hear outside the
// brackets was never translatable. Every screen and state is walked: the main page, each survey step
// with its errors, Other revealed, the offers and their success screens, the final confirmation
// (counting down and once the email can be resent), every outcome of the confirm page,
// no-subscription, the growth kit, sign-in, and the error banner with its variants. Exempt: what the
// customer typed, the user's own name and email, the provider's and plans' names, and numbers.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { answer, box, failSubmit, submit, toClosingFormInAnyLanguage } from './support/handles';
import { PERSONA_EMAILS, signIn, type PersonaId } from './support/session';
import { bundle } from './support/survey';

const { provider } = bundle();
/** Names and data that are no message: the provider's name and support address, the plans' names. */
const NAMES = [provider.name, provider.supportEmail, 'Guru', 'Pro'];
const PERSONA_NAMES: Partial<Record<PersonaId, string>> = {
  'paid-monthly': 'Mia Monthly',
  'paid-annual': 'Anton Annual',
  trial: 'Tara Trial',
  'no-subscription': 'Noah Nosub',
};

/** What a screen shows outside the pseudo-locale's brackets (text, or an attribute, with where it is). */
interface Bare {
  where: string;
  text: string;
}

/**
 * The texts of the page (visible or read out: text nodes, aria-label, title, placeholder and alt, and
 * the document title) that have letters outside ⟦ ⟧ once the `exempt` strings are taken out.
 */
function bareTexts(page: Page, exempt: string[]): Promise<Bare[]> {
  return page.evaluate((exemptions) => {
    const found: Bare[] = [];
    const hasLetters = (text: string) => {
      let rest = text;
      for (const exemption of exemptions) rest = rest.split(exemption).join(' ');
      return /\p{L}/u.test(rest);
    };
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}>`;
    const rendered = (element: Element) => {
      if (element.closest('[hidden], script, style, noscript, template, textarea')) return false;
      for (let e: Element | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
      }
      return true;
    };

    // Text nodes in document order: a message with a link in it spans several nodes, so the
    // brackets are counted across them.
    let depth = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !rendered(parent)) continue;
      let outside = '';
      for (const char of node.textContent ?? '') {
        if (char === '⟦') depth += 1;
        else if (char === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += char;
      }
      if (hasLetters(outside)) found.push({ where: describe(parent), text: (node.textContent ?? '').trim() });
    }

    const wrapped = (value: string) => {
      let outside = '';
      let level = 0;
      for (const char of value) {
        if (char === '⟦') level += 1;
        else if (char === '⟧') level = Math.max(0, level - 1);
        else if (level === 0) outside += char;
      }
      return !hasLetters(outside);
    };
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!rendered(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value !== null && value.trim() !== '' && !wrapped(value)) found.push({ where: `${describe(element)} ${attribute}`, text: value });
      }
    }
    if (!wrapped(document.title)) found.push({ where: '<title>', text: document.title });
    return found;
  }, exempt);
}

/** Records what `screen` shows outside the brackets (the test fails at its end, listing every screen's). */
class Walk {
  readonly screens: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly exempt: string[],
  ) {}

  async check(screen: string): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
    this.screens.push(screen);
    const bare = await bareTexts(this.page, this.exempt);
    expect.soft(bare.map((b) => `${b.where} '${b.text}'`), `hard-coded text on: ${screen}`).toEqual([]);
  }
}

/** The exemptions of a walk: the names, the persona's own name and email, and what the test types. */
const exemptFor = (persona: PersonaId, typed: string[] = []) => [...NAMES, PERSONA_EMAILS[persona], PERSONA_NAMES[persona] ?? '', ...typed].filter(Boolean);

const h1 = (page: Page) => page.locator('main h1');

async function atStep(page: Page, stepId: string | null): Promise<void> {
  if (stepId) await expect(page).toHaveURL(new RegExp(`[?&]step=${stepId}(&|$)`));
  await expect(page.locator('#step-heading')).toHaveText(/⟦/);
}

/** Offers, their acceptance and the email are answered here: the server allows one of each per customer. */
async function answerRetentionAndEmail(page: Page): Promise<void> {
  await page.route('**/eligible-for-offer/', (route) => route.fulfill({ json: { result: true } }));
  await page.route('**/accept-offer/', (route) => route.fulfill({ json: { accepted: true, offer: 'discount-offer', toolkit: 'seo' } }));
  await page.route('**/downgrade/**', (route) => route.fulfill({ json: { downgraded: true, toolkit: 'seo', plan: 'guru' } }));
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
}

/** Signs in as `persona` and opens `path` in the pseudo-locale (remembered for the tab from then on). */
async function openPseudo(page: Page, persona: PersonaId, path: string): Promise<void> {
  await signIn(page, persona, `${path}${path.includes('?') ? '&' : '?'}lang=pseudo`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
}

const TYPED = { other: 'Moving to an in-house team', services: 'Rival Suite', name: 'Pseudo Walker' };

test.describe('the pseudo-locale finds no hard-coded text', () => {
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(120_000);

  test('main page, every survey step with its errors, the offers and their success screens, the final confirmation', async ({ page }) => {
    const walk = new Walk(page, exemptFor('paid-monthly', [...Object.values(TYPED), 'x'.repeat(1501), 'y'.repeat(251), 'z'.repeat(81)]));
    await answerRetentionAndEmail(page);
    await page.clock.install();
    await openPseudo(page, 'paid-monthly', '/cancel');
    await expect(page.locator('main .toolkit-list a').first()).toBeVisible();
    await walk.check('main page');

    // Step 1: empty, no answer, Other revealed, Other blank, Other over its limit.
    await page.goto('/cancel/seo');
    await atStep(page, null);
    await walk.check('step 1');
    await failSubmit(page);
    await walk.check('step 1: no answer');
    await answer(page, 'other').check();
    await expect(box(page, 'root_details_other')).toBeVisible();
    await walk.check('step 1: Other revealed');
    await failSubmit(page);
    await walk.check('step 1: Other blank');
    await box(page, 'root_details_other').fill('x'.repeat(1501));
    await failSubmit(page);
    await walk.check('step 1: Other over its limit');

    // Step 2 (needs): its answer that asks for text, and the discount offer, accepted.
    await answer(page, 'not-meeting-needs').check();
    await submit(page).click();
    await atStep(page, 'what-could-be-better');
    await walk.check('step 2 (needs)');
    await failSubmit(page);
    await walk.check('step 2 (needs): no answer');
    await answer(page, 'needs-improvements').check();
    await expect(box(page, 'root_details_needs-improvements')).toBeVisible();
    await walk.check('step 2 (needs): needs text revealed');
    await answer(page, 'price-too-high').check();
    await submit(page).click();
    await atStep(page, 'discount-offer');
    await walk.check('discount offer');
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=retained/);
    await walk.check('discount accepted');

    // Step 2 (not using) and the downgrade offer: no plan, then accepted.
    await page.goto('/cancel/seo');
    await atStep(page, null);
    await answer(page, 'not-using-now').check();
    await submit(page).click();
    await atStep(page, 'why-not-using');
    await walk.check('step 2 (not using)');
    await answer(page, 'budget').check();
    await submit(page).click();
    await atStep(page, 'downgrade-offer');
    await walk.check('downgrade offer');
    await failSubmit(page);
    await walk.check('downgrade offer: no plan');
    await answer(page, 'guru').check();
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=retained/);
    await walk.check('downgrade accepted');

    // Other on step 1, steps 3, 3.5 and 4 with their errors, the final confirmation.
    await page.goto('/cancel/seo');
    await atStep(page, null);
    await answer(page, 'other').check();
    await box(page, 'root_details_other').fill(TYPED.other);
    await submit(page).click();
    await atStep(page, 'competitors');
    await walk.check('step 3');
    await failSubmit(page);
    await walk.check('step 3: no answer');
    await answer(page, 'will-use-other').check();
    await submit(page).click();
    await atStep(page, 'other-services');
    await walk.check('step 3.5');
    await failSubmit(page);
    await walk.check('step 3.5: blank');
    await box(page, 'root_text').fill('y'.repeat(251));
    await failSubmit(page);
    await walk.check('step 3.5: over its limit');
    await box(page, 'root_text').fill(TYPED.services);
    await submit(page).click();
    await atStep(page, 'final');
    await walk.check('step 4');
    await box(page, 'root_name').fill('');
    await failSubmit(page);
    await walk.check('step 4: no name, no agreement');
    await box(page, 'root_name').fill('z'.repeat(81));
    await failSubmit(page);
    await walk.check('step 4: name over its limit');
    await box(page, 'root_name').fill(TYPED.name);
    await box(page, 'root_agreement').check();
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=done/);
    await expect(page.locator('.resend-countdown')).toBeVisible();
    await walk.check('final confirmation: counting down');
    await page.clock.runFor(60_000);
    await expect(page.locator('.resend-countdown')).toHaveCount(0);
    await walk.check('final confirmation: resend available');
    await page.locator('main button').click();
    await expect(page.locator('.resend-countdown')).toBeVisible();
    await walk.check('final confirmation: sent again');
    expect(walk.screens).toHaveLength(26);
  });

  test('trial wording: step 1, the trial follow-up, the closing form without a comment', async ({ page }) => {
    const walk = new Walk(page, exemptFor('trial'));
    await openPseudo(page, 'trial', '/cancel/ai');
    await atStep(page, null);
    await walk.check('trial: step 1');
    await answer(page, 'not-sure-need').check();
    await submit(page).click();
    await atStep(page, 'why-not-sure');
    await walk.check('trial: step 2 (not sure)');
    await page.locator('.back-link').click();
    await atStep(page, null);
    await toClosingFormInAnyLanguage(page, atStep);
    await walk.check('trial: step 4');
    expect(walk.screens).toHaveLength(3);
  });

  test('the confirm page’s outcomes, no-subscription, the growth kit, sign-in', async ({ page, guard }) => {
    guard.allow(/status of (400|401|403|404|410|500)/);
    const walk = new Walk(page, exemptFor('paid-annual', [TYPED.name, 'Moving on', PERSONA_EMAILS['no-subscription'], 'Noah Nosub']));
    const outcomes: { outcome: string; status: number; body: object }[] = [
      { outcome: 'confirmed', status: 200, body: { confirmed: true, toolkit: 'seo' } },
      { outcome: 'already used', status: 410, body: { error: 'key-used' } },
      { outcome: 'not valid', status: 404, body: { error: 'key-not-found' } },
      { outcome: 'expired', status: 410, body: { error: 'key-expired' } },
      { outcome: 'another account', status: 403, body: { error: 'key-wrong-user' } },
      { outcome: 'another subscription', status: 400, body: { error: 'key-wrong-toolkit' } },
      { outcome: 'failed, with Try again', status: 500, body: { error: 'internal-error' } },
    ];
    let current = outcomes[0];
    await page.route('**/cancel/api/seo/confirm/**', (route) => route.fulfill({ status: current?.status ?? 500, json: { message: 'x', ...current?.body } }));
    await openPseudo(page, 'paid-annual', '/cancel/seo/confirm-unsubscribe');
    await expect(h1(page)).toHaveText(/⟦/);
    await walk.check('confirm page: no key');
    for (const outcome of outcomes) {
      current = outcome;
      await page.goto(`/cancel/seo/confirm-unsubscribe?key=${outcome.status}-answered-by-the-test`);
      await expect(h1(page)).toHaveText(/⟦/);
      if (outcome.status === 500) await expect(page.locator('.banner-error')).toBeVisible();
      await walk.check(`confirm page: ${outcome.outcome}`);
    }

    await page.goto('/cancel/growth-kit');
    await atStep(page, null);
    await walk.check('growth kit');
    await box(page, 'root_name').fill('');
    await failSubmit(page);
    await walk.check('growth kit: errors');
    await box(page, 'root_name').fill(TYPED.name);
    await box(page, 'root_reason').fill('Moving on');
    await box(page, 'root_agreement').check();
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=done/);
    await walk.check('growth kit: request sent');

    await signIn(page, 'no-subscription', '/cancel/no-subscription');
    await expect(h1(page)).toHaveText(/⟦/);
    await walk.check('no-subscription');

    await page.context().clearCookies();
    await page.goto('/cancel/seo');
    await expect(h1(page)).toHaveText(/⟦/);
    await walk.check('sign-in');
    expect(walk.screens).toHaveLength(13);
  });

  test('the error banner: a failure, offline, busy, no answer', async ({ page, guard }) => {
    guard.allow(/status of (500|503)|net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    const walk = new Walk(page, exemptFor('paid-annual', [TYPED.name]));
    const banner = page.locator('.banner-error');
    await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
    await openPseudo(page, 'paid-annual', '/cancel/local');
    await toClosingFormInAnyLanguage(page, atStep, { agree: true });
    await page.context().setOffline(true);
    await submit(page).click();
    await expect(banner.locator('p')).toHaveCount(2);
    await walk.check('banner: offline');
    await page.context().setOffline(false);

    let failure: 'failure' | 'busy' | 'no answer' = 'failure';
    await page.route('**/cancel/api/get-context/', (route) => {
      if (failure === 'failure') return route.fulfill({ status: 500, json: { error: 'internal-error', message: 'x' } });
      if (failure === 'busy') return route.fulfill({ status: 503, json: { error: 'unavailable', message: 'x' } });
      return route.abort('failed');
    });
    for (const [variant, lines] of [
      ['failure', 1],
      ['busy', 2],
      ['no answer', 2],
    ] as const) {
      failure = variant;
      await page.goto('/cancel/local');
      await expect(banner.locator('p')).toHaveCount(lines);
      await expect(page.locator('main button')).toBeVisible();
      await walk.check(`banner: ${variant}`);
    }
    expect(walk.screens).toHaveLength(4);
  });
});

test('the check finds a hard-coded text, in an element and in an attribute', async ({ page }) => {
  await openPseudo(page, 'paid-annual', '/cancel/content');
  await atStep(page, null);
  expect(await bareTexts(page, exemptFor('paid-annual'))).toEqual([]);
  await page.evaluate(() => {
    const heading = document.querySelector('main h1');
    heading?.append(document.createTextNode(' Plain English'));
    heading?.setAttribute('title', 'Untranslated title');
  });
  expect(await bareTexts(page, exemptFor('paid-annual'))).toEqual([
    { where: '<h1#step-heading.heading-xl>', text: 'Plain English' },
    { where: '<h1#step-heading.heading-xl> title', text: 'Untranslated title' },
  ]);
});
