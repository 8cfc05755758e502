// Nothing lost, nothing doubled, for the retention offers: accepting the discount (accept-offer)
// and taking the smaller plan (downgrade) meet a 500, a 503 with Retry-After (that recovers, and
// that persists), a time-out, a dropped connection, going offline and back, and a reload in the
// middle; and a double click while the first try is lost. The offer stays on screen (with the plan
// chosen), the banner says what happened, a retry succeeds and the server records one acceptance.
// On a server of the worker's own, so no other test's offers get in the way.
import type { Page } from '@playwright/test';
import type { RunningServer } from '../../scripts/bench/serve';
import { radio } from './support/driver';
import { db, expect, expectOneKey, expectReported, FAILURE_CONSOLE, FAILURES, inject, meet, noBanner, open, resetUser, test } from './support/resilience';
import { ACCOUNTS_OF_PERSONA, PERSONA_USER_IDS } from './support/session';

const USER = PERSONA_USER_IDS['paid-monthly'];

const OFFERS = {
  'accept-offer': {
    url: '**/seo/accept-offer/',
    reason: 'The product doesn’t fully meet my needs',
    followUp: 'The price is too high',
    step: 'discount-offer',
    table: 'accepted_offers',
    label: 'Accept offer was failed',
  },
  downgrade: {
    url: '**/seo/downgrade/**',
    reason: 'I am satisfied with the product, but I don’t/can’t use it right now',
    followUp: 'It no longer fits my budget',
    step: 'downgrade-offer',
    table: 'downgrades',
    label: 'Downgrade subscription was failed',
  },
} as const;
type Offer = keyof typeof OFFERS;

const acceptButton = (page: Page) => page.locator('form.step-form button[type="submit"]');
const recorded = (server: RunningServer, offer: Offer) =>
  db(server, (h) => (h.prepare(`SELECT count(*) AS n FROM ${OFFERS[offer].table} WHERE user_id IN (${ACCOUNTS_OF_PERSONA}) AND toolkit = 'seo'`).get({ persona: USER }) as { n: number }).n);

/** Eligible afresh, on the page clock, at the offer (with the Guru plan chosen on a downgrade). */
async function toOffer(page: Page, server: RunningServer, offer: Offer): Promise<void> {
  resetUser(server, USER);
  await page.clock.install();
  const eligibility = page.waitForResponse((response) => response.url().endsWith('/seo/eligible-for-offer/'));
  await open(page, server, 'paid-monthly', '/cancel/seo');
  expect(await (await eligibility).json()).toMatchObject({ result: true });
  const { reason, followUp, step } = OFFERS[offer];
  await radio(page, reason).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await radio(page, followUp).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`step=${step}$`));
  if (offer === 'downgrade') await radio(page, 'Guru').check();
}

async function expectOfferKept(page: Page, offer: Offer): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`step=${OFFERS[offer].step}$`));
  await expect(acceptButton(page)).toBeVisible();
  if (offer === 'downgrade') await expect(radio(page, 'Guru')).toBeChecked();
}

async function expectAccepted(page: Page): Promise<void> {
  await expect(page).toHaveURL(/step=retained$/);
  await expect(page.locator('#step-heading')).toBeFocused();
}

for (const offer of Object.keys(OFFERS) as Offer[]) {
  test.describe(`taking the offer, ${offer}`, () => {
    for (const failure of FAILURES) {
      test(`meets ${failure}: the offer stays, explained, retried, recorded once`, async ({ page, server, guard }) => {
        guard.allow(FAILURE_CONSOLE);
        await toOffer(page, server, offer);
        const injected = await inject(page, OFFERS[offer].url, failure);
        await meet(page, injected, failure, () => acceptButton(page).click());

        if (failure !== '503 then recovers') {
          await expectOfferKept(page, offer);
          await acceptButton(page).click();
        }
        await expectAccepted(page);
        await noBanner(page);
        injected.release();
        expect(recorded(server, offer)).toBe(1);
        expectOneKey(injected);
        expectReported(guard.reported(), failure, OFFERS[offer].label);
      });
    }

    test('a double click while the first try is lost: recorded once', async ({ page, server, guard }) => {
      guard.allow(FAILURE_CONSOLE);
      await toOffer(page, server, offer);
      const injected = await inject(page, OFFERS[offer].url, 'dropped connection', 1);
      await acceptButton(page).dblclick();
      await expectAccepted(page);
      await noBanner(page);
      expect(injected.seen).toHaveLength(2);
      expectOneKey(injected);
      expect(recorded(server, offer)).toBe(1);
      expect(guard.reported()).toEqual([]);
    });

    test('Back while the server takes the offer: once it has, its success screen shows, not a failure', async ({ page, server }) => {
      await toOffer(page, server, offer);
      let answer = () => undefined as void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(OFFERS[offer].url, async (route) => {
        const response = await route.fetch();
        await answered;
        await route.fulfill({ response });
      });
      await acceptButton(page).click();
      await expect.poll(() => recorded(server, offer)).toBe(1);
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).not.toHaveURL(new RegExp(`step=${OFFERS[offer].step}$`));
      answer();
      await expectAccepted(page);
      await noBanner(page);
      expect(recorded(server, offer)).toBe(1);
    });
  });
}
