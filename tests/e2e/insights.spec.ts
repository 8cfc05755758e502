// Retention insights from real visits: three customers on the SEO page, one keeping the discount, one
// declining it and sending the survey, one leaving at step 2. The page records each visit's events
// (the last with navigator.sendBeacon as it is left) and /dev/insights.json and /dev/insights count
// them. On a server of the worker's own, so no other test's visits are counted.
import type { Page } from '@playwright/test';
import { answer, box, declineOffer, submit } from './support/handles';
import { db, expect, open, test } from './support/resilience';

/** The part of /dev/insights.json this test reads (DESIGN §9). */
interface Insights {
  visits: number;
  saved: number;
  cancelled: number;
  confirmed: number;
  abandoned: number;
  funnel: { step: string; reached: number; left: number }[];
  offers: { step: string; shown: number; accepted: number; declined: number }[];
  groups: { toolkit: string; visits: number }[];
}

async function atStep(page: Page, stepId: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${stepId}(&|$)`));
  await expect(page.locator('#step-heading')).toBeVisible();
}

/** Step 1 and step 2 of the price path, to the discount offer. */
async function toDiscount(page: Page): Promise<void> {
  await expect(page.locator('#step-heading')).toBeVisible();
  await answer(page, 'not-meeting-needs').check();
  await submit(page).click();
  await atStep(page, 'what-could-be-better');
  await answer(page, 'price-too-high').check();
  await submit(page).click();
  await atStep(page, 'discount-offer');
}

test('three customers: saved, cancelled, abandoned at step 2; the JSON and the page count them', async ({ page, server }) => {
  test.slow();
  const today = new Date().toISOString().slice(0, 10);

  await test.step('the first keeps the discount', async () => {
    await open(page, server, 'paid-monthly', '/cancel/seo');
    await toDiscount(page);
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=retained/);
  });

  await test.step('the second declines it and sends the survey', async () => {
    await open(page, server, 'paid-monthly', '/cancel/seo');
    await toDiscount(page);
    await declineOffer(page).click();
    await atStep(page, 'competitors');
    await answer(page, 'will-use-other').check();
    await submit(page).click();
    await atStep(page, 'other-services');
    await box(page, 'root_text').fill('Rival Suite');
    await submit(page).click();
    await atStep(page, 'final');
    await box(page, 'root_agreement').check();
    await submit(page).click();
    await expect(page).toHaveURL(/[?&]step=done/);
  });

  await test.step('the third leaves at step 2', async () => {
    await open(page, server, 'paid-monthly', '/cancel/seo');
    await expect(page.locator('#step-heading')).toBeVisible();
    await answer(page, 'not-using-now').check();
    await submit(page).click();
    await atStep(page, 'why-not-using');
    // Leaving the page: its last events go with the beacon.
    await page.goto(`${server.base}/dev/insights?from=${today}&to=${today}&toolkit=seo`);
  });

  let seo: Insights | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${server.base}/dev/insights.json?from=${today}&to=${today}&toolkit=seo`);
      seo = (await response.json()) as Insights;
      return [seo.visits, seo.saved, seo.cancelled, seo.confirmed, seo.abandoned];
    })
    .toEqual([3, 1, 1, 0, 1]);
  expect(seo?.groups).toMatchObject([{ toolkit: 'seo', visits: 3 }]);
  expect(seo?.funnel.map(({ step, reached, left }) => [step, reached, left])).toEqual([
    ['reason', 3, 0],
    ['why-not-using', 1, 1],
    ['what-could-be-better', 2, 0],
    ['discount-offer', 2, 0],
    ['competitors', 1, 0],
    ['other-services', 1, 0],
    ['final', 1, 0],
  ]);
  expect(seo?.offers).toMatchObject([{ step: 'discount-offer', shown: 2, accepted: 1, declined: 1 }]);

  // The page shows the same figures.
  await page.reload();
  const group = page.locator('section.visit-group[data-toolkit="seo"]');
  await expect(group).toHaveCount(1);
  for (const [figure, value] of [
    ['visits', '3'],
    ['saved', '1'],
    ['cancelled', '1'],
    ['abandoned', '1'],
  ] as const) {
    await expect(group.locator(`[data-figure="${figure}"]`)).toHaveText(value);
  }
  await expect(group.locator('table[id$="-offers"] tbody th[scope="row"]')).toHaveText([/\(discount-offer\)$/]);
  await expect(group.locator('table[id$="-offers"] tbody td')).toHaveText(['2', '1', '1', '50.0%']);
  await expect(group.locator('svg[id$="-flow"] path.flow-link').first()).toBeVisible();

  // A visit of an earlier version of the survey (as a server of a week ago recorded it): shown apart, never added in.
  db(server, (handle) => {
    const at = Date.now() - 60_000;
    handle.prepare("INSERT INTO survey_versions (version, survey, git_commit, first_served_at) VALUES ('0123456789ab', 'cancellation', 'abc123', ?)").run(at - 7 * 86_400_000);
    handle
      .prepare("INSERT INTO survey_visits VALUES ('00000000-0000-4000-8000-000000000abc', '9', 'seo', 'cancellation', '0123456789ab', 'paid', 'en', '', '', ?, ?, ?, 'discount-offer', 'offer-accepted', 'saved')")
      .run(today, at, at);
    handle.prepare("INSERT INTO visit_states VALUES (?, 'seo', 'paid', 'en', '0123456789ab', '', '', 'saved', 'discount-offer', 0, 1)").run(today);
  });
  await page.reload();
  const versions = page.locator('section.visit-group[data-toolkit="seo"]');
  await expect(versions).toHaveCount(2);
  await expect(versions.locator('h3')).toHaveText([/version (?!0123456789ab)[0-9a-f]{12}.*served now/, /version 0123456789ab \(commit abc123\), served before/]);
  await expect(versions.nth(1).locator('[data-figure="visits"]')).toHaveText('1');
  await expect(versions.nth(0).locator('[data-figure="visits"]')).toHaveText('3');
  const both = (await (await page.request.get(`${server.base}/dev/insights.json?from=${today}&to=${today}&toolkit=seo`)).json()) as Insights & { versionsInRange: string[] };
  expect(both.versionsInRange).toHaveLength(2);
  expect(both.groups.map((g) => g.visits)).toEqual([3, 1]);
});
