// Retention offers (DESIGN §8, decisions 22–24) against the real server: who sees them, every
// path through them to its end, what the server records, and what happens when a call fails.
//
// The server allows one retention action per user and toolkit, and paid-monthly is the only
// eligible persona. So the tests that need the server to find the customer eligible run one after
// another and start from a clean record (resetRetention); the rest stub eligibility or use
// personas and pages without offers, and run in parallel.
import type { Page, Request } from '@playwright/test';
import {
  availableOffers,
  buildPayload,
  currentStep,
  enumeratePaths,
  offerValues,
  startSurvey,
  toolkitHasOffers,
  transition,
  type PathMove,
  type SurveyState,
} from '../../src/engine';
import { isStepOfType, type CompiledStep, type OfferStep, type ToolkitBinding } from '../../src/model';
import { dataFor, englishText, enter, expectStep, radio, stepHeading, submitButton, submitStep } from './support/driver';
import { expect, test } from './support/fixtures';
import { answerEmailCalls, expectErrors, expectLinkFocuses } from './support/forms';
import { BANNER, banner, cancelButton } from './support/quick';
import { resetRetention, retentionRecords, storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, PERSONA_USER_IDS, signIn, type PersonaId } from './support/session';
import { shoot } from './support/shoot';
import { bindingOf, bundle, surveyOf } from './support/survey';

const SEO = bindingOf('seo');
const ALL = bindingOf('all');
const survey = surveyOf(SEO);
const flow = survey.audiences.paid;
const ELIGIBLE: PersonaId = 'paid-monthly';
/** paid-monthly's product group: Guru and Pro are the smaller plans. */
const PRODUCT_GROUP = 'BUSINESS';
const OFFERS = availableOffers(survey, 'paid', { toolkit: SEO.toolkit, eligible: true, productGroup: PRODUCT_GROUP });
const OFFER_PATHS = enumeratePaths(survey, 'paid', OFFERS).filter((path) => path.some((move) => OFFERS.includes(move.step)));
const HOME = bundle().provider.links.home;
const PROVIDER = bundle().provider.name;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const describePath = (path: PathMove[]) => path.map((m) => (m.answer ? `${m.step}=${m.answer}` : m.step)).join(' > ');

function offerStep(id: string): OfferStep {
  const step: CompiledStep | undefined = flow.steps[id];
  if (!isStepOfType(step, 'offer')) throw new Error(`'${id}' is not an offer step of the paid flow`);
  return step;
}
const DISCOUNT = offerStep('discount-offer');
const DOWNGRADE = offerStep('downgrade-offer');

/** The calls the page makes to the API, path and query, with their headers and JSON body. */
function watchApi(page: Page) {
  const calls: { path: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/cancel/api/')) return;
    calls.push({ path: `${url.pathname}${url.search}`, method: request.method(), headers: request.headers(), body: request.postDataJSON() as unknown });
  });
  return {
    to: (ending: string) => calls.filter((call) => call.path.split('?')[0]?.endsWith(ending)),
  };
}

/** Takes an offer as another tab of the same session would, through the API: accept-offer (POST) or a downgrade (GET). */
async function takeInAnotherTab(page: Page, path: string, post: boolean): Promise<void> {
  const { csrf_token: token } = (await (await page.request.get('/cancel/api/get-csrf-token/')).json()) as { csrf_token: string };
  const headers = { 'x-csrftoken': token };
  const response = post ? await page.request.post(path, { headers, data: { offer: DISCOUNT.id } }) : await page.request.get(path, { headers });
  expect(response.status()).toBe(200);
}

/** Signs in on `binding`'s page and waits for the eligibility answer, so the walk never outruns it. */
async function openEligible(page: Page, binding: ToolkitBinding): Promise<void> {
  const eligibility = page.waitForResponse((response) => response.url().endsWith(`/${binding.apiSegment}/eligible-for-offer/`));
  await signIn(page, ELIGIBLE, `/cancel/${binding.route}`);
  expect(await (await eligibility).json()).toMatchObject({ result: true });
}

/** Answers step 1 and step 2 so that the next screen is where `offer` stands in the graph. */
async function toOfferPoint(page: Page, offer: OfferStep): Promise<void> {
  const [reason, followUp] = offer === DISCOUNT ? ['The product doesn’t fully meet my needs', 'The price is too high'] : ['I am satisfied with the product, but I don’t/can’t use it right now', 'It no longer fits my budget'];
  await radio(page, reason).check();
  await continueButton(page).click();
  await radio(page, followUp).check();
  await continueButton(page).click();
}

/** The success screen of `offer` accepted (with `plan` on a downgrade): texts filled, focus on the heading, the way home. */
async function expectAccepted(page: Page, binding: ToolkitBinding, offer: OfferStep, plan?: string): Promise<void> {
  const values = offerValues(offer, plan);
  const title = englishText(offer.success.heading, values);
  await expect(heading(page)).toHaveText(title);
  await expect(heading(page)).toBeFocused();
  await expect(page).toHaveTitle(`${title} – ${PROVIDER}`);
  await expect(page.getByText(englishText(offer.success.body, values), { exact: true })).toBeVisible();
  await expect(page.getByText(/\{(percent|months|plan)\b/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', HOME);
  await expect(page).toHaveURL(`/cancel/${binding.route}?step=retained`);
  // The customer stays: the answers are forgotten and nothing is sent.
  expect(await page.evaluate((route) => sessionStorage.getItem(`cancel:survey:${route}`), binding.route)).toBeNull();
}

test.describe('an eligible customer', () => {
  // One after another: each test needs the server to find paid-monthly eligible.
  test.describe.configure({ mode: 'default' });
  test.beforeEach(() => resetRetention(PERSONA_USER_IDS[ELIGIBLE]));

  const walks: { path: PathMove[]; binding: ToolkitBinding }[] = OFFER_PATHS.flatMap((path, index) =>
    // Accepting is walked on both pages; each declining path on one of them, in turn.
    path.some((m) => m.answer === 'accepted') ? [SEO, ALL].map((binding) => ({ path, binding })) : [{ path, binding: index % 2 === 0 ? SEO : ALL }],
  );

  for (const { path, binding } of walks) {
    test(`on /cancel/${binding.route}: ${describePath(path)}`, async ({ page }) => {
      const api = watchApi(page);
      await answerEmailCalls(page);
      const name = `Offer path ${binding.route} ${Date.now()}`;
      await openEligible(page, binding);

      let state: SurveyState = transition(survey, startSurvey(survey, 'paid'), { type: 'offers', available: OFFERS });
      for (const move of path) {
        const step = currentStep(survey, state);
        expect(step.id).toBe(move.step);
        await expectStep(page, step, survey.indicatorSteps);
        const data = dataFor(step, move, name, { productGroup: PRODUCT_GROUP });
        if (isStepOfType(step, 'offer')) {
          await expect(heading(page)).toBeFocused();
          await expect(page).toHaveTitle(`${stepHeading(step)} – ${PROVIDER}`);
        }
        await enter(page, step, data);
        if (isStepOfType(step, 'offer') && move.answer === 'accepted') {
          // A double click accepts once.
          await page.getByRole('button', { name: submitButton(step, data), exact: true }).dblclick();
        } else {
          await submitStep(page, step, data);
        }
        state = transition(survey, state, { type: 'continue', data });
      }

      const last = path[path.length - 1];
      if (last?.answer === 'accepted') {
        const offer = offerStep(last.step);
        const plan = offer.offer.kind === 'downgrade' ? 'guru' : undefined;
        await expectAccepted(page, binding, offer, plan);
        const records = retentionRecords(PERSONA_USER_IDS[ELIGIBLE]);
        if (offer.offer.kind === 'discount') {
          expect(records).toEqual({ offers: [{ toolkit: binding.toolkit, offer: offer.id }], downgrades: [] });
          const [accept, ...more] = api.to('/accept-offer/');
          expect(more).toEqual([]);
          expect(accept?.body).toEqual({ offer: offer.id });
          expect(accept?.headers['x-csrftoken']).toBeTruthy();
          expect(accept?.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
        } else {
          expect(records).toEqual({ offers: [], downgrades: [{ toolkit: binding.toolkit, from_group: PRODUCT_GROUP, to_plan: 'guru' }] });
          const [downgrade, ...more] = api.to('/downgrade/');
          expect(more).toEqual([]);
          expect(downgrade?.path).toBe(`/cancel/api/${binding.apiSegment}/downgrade/?to=guru`);
          expect(downgrade?.headers['x-csrftoken']).toBeTruthy();
          expect(downgrade?.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
        }
        expect(api.to('/survey-monitoring/')).toEqual([]);
        expect(api.to('/send-confirmation-email/')).toEqual([]);
        return;
      }

      await expect(heading(page)).toHaveText('Your subscription has been canceled');
      expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE])).toEqual({ offers: [], downgrades: [] });
      const stored = storedSurveys(name);
      expect(stored).toHaveLength(1);
      const payload = stored[0]?.payload;
      if (!payload) throw new Error(`no survey stored as '${name}'`);
      // Each declined offer with what it offered: survey/cancellation.yaml's discount, or the plans shown to BUSINESS.
      const offered = (step: string) => (offerStep(step).offer.kind === 'discount' ? { kind: 'discount', percent: 30, months: 3 } : { kind: 'downgrade', plans: ['guru', 'pro'] });
      const declined = path.filter((m) => m.answer === 'declined').map((m) => ({ offer: m.step, ...offered(m.step), choice: 'declined' }));
      expect(payload.retention).toEqual(declined);
      const user = { email: PERSONA_EMAILS[ELIGIBLE], product_group: PRODUCT_GROUP };
      expect(payload).toEqual(buildPayload(survey, state, { user, timestamp: payload.timestamp, toolkit: binding.toolkit, translate: (t) => t }));
    });
  }

  test('accepting fails with a 500: the banner shows, and a retry is recorded once', async ({ page, guard }) => {
    guard.allow(/status of 500/);
    const api = watchApi(page);
    let failed = 0;
    await page.route('**/accept-offer/', async (route) => {
      if (failed++ === 0) await route.fulfill({ status: 500, json: { error: 'internal-error', message: 'Something went wrong on the server.' } });
      else await route.fallback();
    });
    await openEligible(page, SEO);
    await toOfferPoint(page, DISCOUNT);
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    await page.getByRole('button', { name: DISCOUNT.accept }).click();

    await expect(banner(page)).toHaveText(BANNER);
    expect(guard.reported()).toEqual(['Accept offer was failed']);
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).offers).toEqual([]);

    await page.getByRole('button', { name: DISCOUNT.accept }).click();
    await expectAccepted(page, SEO, DISCOUNT);
    await expect(banner(page)).toHaveCount(0);
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).offers).toEqual([{ toolkit: 'seo', offer: 'discount-offer' }]);
    // The retry is the same attempt: the same Idempotency-Key.
    const keys = api.to('/accept-offer/').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  test('an offer taken in another tab meanwhile: Accept here shows its success screen, not a failure', async ({ page, guard }) => {
    // The browser logs the 409 it meets; the page takes it as done, and reports nothing.
    guard.allow(/status of 409/);
    const api = watchApi(page);
    await openEligible(page, SEO);
    await toOfferPoint(page, DISCOUNT);
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    await takeInAnotherTab(page, `/cancel/api/${SEO.apiSegment}/accept-offer/`, true);
    await page.getByRole('button', { name: DISCOUNT.accept }).click();
    await expectAccepted(page, SEO, DISCOUNT);
    await expect(banner(page)).toHaveCount(0);
    expect(api.to('/accept-offer/')).toHaveLength(1);
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).offers).toEqual([{ toolkit: 'seo', offer: 'discount-offer' }]);

    // A downgrade to Guru taken elsewhere, while this tab has Pro chosen: the success screen names Guru.
    await openEligible(page, ALL);
    await toOfferPoint(page, DOWNGRADE);
    await expect(heading(page)).toHaveText(stepHeading(DOWNGRADE));
    await takeInAnotherTab(page, `/cancel/api/${ALL.apiSegment}/downgrade/?to=guru`, false);
    await radio(page, 'Pro').check();
    await page.getByRole('button', { name: DOWNGRADE.accept }).click();
    await expectAccepted(page, ALL, DOWNGRADE, 'guru');
    await expect(banner(page)).toHaveCount(0);
    expect(guard.reported()).toEqual([]);
  });

  test('the other offer taken in another tab meanwhile: Accept here says that offer was taken, and Decline still goes on', async ({ page, guard }) => {
    guard.allow(/status of 409/);
    // A discount accepted elsewhere, while this tab shows the downgrade.
    await openEligible(page, ALL);
    await toOfferPoint(page, DOWNGRADE);
    await takeInAnotherTab(page, `/cancel/api/${ALL.apiSegment}/accept-offer/`, true);
    await radio(page, 'Pro').check();
    await page.getByRole('button', { name: DOWNGRADE.accept }).click();
    await expect(banner(page)).toHaveText(
      `${BANNER}You already accepted a discount for this subscription in another window, so this offer is no longer available. You can still go on with the cancellation.`,
    );
    await expect(heading(page)).toHaveText(stepHeading(DOWNGRADE));
    expect(guard.reported()).toEqual(['Downgrade subscription was failed']);
    await shoot(page, '65-offer-taken-elsewhere');
    await page.getByRole('button', { name: DOWNGRADE.decline }).click();
    await expect(heading(page)).not.toHaveText(stepHeading(DOWNGRADE));
    await expect(banner(page)).toHaveCount(0);

    // A downgrade made elsewhere, while this tab shows the discount.
    resetRetention(PERSONA_USER_IDS[ELIGIBLE]);
    await openEligible(page, SEO);
    await toOfferPoint(page, DISCOUNT);
    await takeInAnotherTab(page, `/cancel/api/${SEO.apiSegment}/downgrade/?to=guru`, false);
    await page.getByRole('button', { name: DISCOUNT.accept }).click();
    await expect(banner(page)).toContainText('You already moved this subscription to another plan in another window, so this offer is no longer available.');
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).offers).toEqual([]);
  });

  test.describe('the browser’s Back', () => {
    // It walks the history: a tab whose history starts empty.
    test.use({ ownTab: true });
    test('from an accepted offer’s success screen shows step 1 with its heading focused', async ({ page }) => {
      await openEligible(page, SEO);
      await toOfferPoint(page, DISCOUNT);
      await page.getByRole('button', { name: DISCOUNT.accept }).click();
      await expectAccepted(page, SEO, DISCOUNT);
      await page.goBack();
      await expect(heading(page)).toHaveText('We’re sorry to see you go');
      await expect(heading(page)).toBeFocused();
    });
  });

  test('an offer survives a reload without asking again; Back returns to it', async ({ page }) => {
    const api = watchApi(page);
    await openEligible(page, SEO);
    await toOfferPoint(page, DISCOUNT);
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    await expect(page).toHaveURL('/cancel/seo?step=discount-offer');
    await page.reload();
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    expect(api.to('/eligible-for-offer/')).toHaveLength(1);

    await page.getByRole('button', { name: DISCOUNT.decline }).click();
    await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
    await expect(heading(page)).toBeFocused();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
  });

  test('offer screens and their success screens, with the plan error, by keyboard', async ({ page }) => {
    // Four screens shot at two widths and checked by axe: longer than one step of a flow.
    test.slow();
    await openEligible(page, SEO);
    await toOfferPoint(page, DISCOUNT);
    await expect(heading(page)).toHaveText(stepHeading(DISCOUNT));
    await shoot(page, '60-discount-offer');
    await page.getByRole('button', { name: DISCOUNT.accept }).click();
    await expectAccepted(page, SEO, DISCOUNT);
    await shoot(page, '61-discount-accepted');

    await openEligible(page, ALL);
    await toOfferPoint(page, DOWNGRADE);
    await expect(heading(page)).toHaveText(stepHeading(DOWNGRADE));
    const plans = page.getByRole('group', { name: 'Choose your new plan' });
    await expect(plans.getByRole('radio')).toHaveCount(2);
    await expect(plans.getByRole('radio', { name: 'Guru', exact: true })).not.toBeChecked();
    await shoot(page, '62-downgrade-offer');

    await page.getByRole('button', { name: DOWNGRADE.accept }).click();
    await expectErrors(page, ['Please choose an option.']);
    await expect(page).toHaveTitle(`Error: ${stepHeading(DOWNGRADE)} – ${PROVIDER}`);
    await shoot(page, '63-downgrade-offer-error');
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).downgrades).toEqual([]);

    // The summary link lands on the first plan; the arrow keys choose, Tab reaches the button.
    await expectLinkFocuses(page, 'Please choose an option.', radio(page, 'Guru'));
    await page.keyboard.press('ArrowDown');
    await expect(radio(page, 'Pro')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: DOWNGRADE.accept })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectAccepted(page, ALL, DOWNGRADE, 'pro');
    await expect(page.getByText('You will be on the Pro plan from your next billing date.', { exact: false })).toBeVisible();
    await shoot(page, '64-downgrade-accepted');
    expect(retentionRecords(PERSONA_USER_IDS[ELIGIBLE]).downgrades).toEqual([{ toolkit: 'all-at-once', from_group: PRODUCT_GROUP, to_plan: 'pro' }]);
  });
});

test.describe('no offer', () => {
  for (const binding of [SEO, ALL]) {
    test(`for a customer the server finds not eligible (paid-annual) on /cancel/${binding.route}`, async ({ page }) => {
      const eligibility = page.waitForResponse((response) => response.url().endsWith('/eligible-for-offer/'));
      await signIn(page, 'paid-annual', `/cancel/${binding.route}`);
      expect(await (await eligibility).json()).toMatchObject({ result: false });
      await toOfferPoint(page, DISCOUNT);
      await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await toOfferPoint(page, DOWNGRADE);
      await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
    });
  }

  for (const failure of ['500', 'network error'] as const) {
    test(`when eligible-for-offer fails with a ${failure}: reported, no banner, and cancelling goes on`, async ({ page, guard }) => {
      guard.allow(/status of 500|net::ERR_FAILED/);
      await answerEmailCalls(page);
      await page.route('**/eligible-for-offer/', (route) =>
        failure === '500' ? route.fulfill({ status: 500, json: { error: 'internal-error', message: 'x' } }) : route.abort('failed'),
      );
      const name = `Offer check failed ${failure} ${Date.now()}`;
      await signIn(page, ELIGIBLE, '/cancel/seo');
      await toOfferPoint(page, DISCOUNT);
      await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
      await expect(banner(page)).toHaveCount(0);
      // Eligibility is asked in the background, after its retries; the report follows them.
      await expect.poll(() => guard.reported()).toEqual(["Eligible for offer wasn't set"]);
      await radio(page, 'Not sure yet').check();
      await continueButton(page).click();
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('checkbox').check();
      await cancelButton(page).click();
      await expect(heading(page)).toHaveText('Your subscription has been canceled');
      const [stored] = storedSurveys(name);
      expect(stored?.payload.retention).toBeUndefined();
    });
  }

  test('when the customer reaches the offer before eligibility answers: passed by, and still after a reload', async ({ page }) => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/eligible-for-offer/', async (route) => {
      await held;
      await route.fulfill({ json: { result: true, downgrade_plans: ['guru', 'pro'] } });
    });
    await signIn(page, ELIGIBLE, '/cancel/all');
    // The first screen does not wait for eligibility.
    await expect(heading(page)).toHaveText('We’re sorry to see you go');
    await toOfferPoint(page, DISCOUNT);
    await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
    const answered = page.waitForResponse((response) => response.url().endsWith('/eligible-for-offer/'));
    release?.();
    await answered;
    await page.reload();
    await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
    await expect(page).toHaveURL('/cancel/all?step=competitors');
  });

  const others = bundle().toolkits.filter((binding) => !toolkitHasOffers(surveyOf(binding), binding.toolkit));
  for (const binding of others) {
    test(`on /cancel/${binding.route}, which has no offers: eligible-for-offer is never asked`, async ({ page }) => {
      const api = watchApi(page);
      await signIn(page, binding.access.kind === 'sst-permission' ? 'sst-admin' : ELIGIBLE, `/cancel/${binding.route}`);
      await expect(heading(page)).toBeVisible();
      if (binding.survey === 'cancellation') {
        await toOfferPoint(page, DISCOUNT);
        await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
        await page.getByRole('link', { name: 'Back', exact: true }).click();
        await page.getByRole('link', { name: 'Back', exact: true }).click();
        await toOfferPoint(page, DOWNGRADE);
        await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
      }
      expect(api.to('/eligible-for-offer/')).toEqual([]);
    });
  }
});
