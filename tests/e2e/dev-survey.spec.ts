// The survey preview (/dev/survey) opens a step directly: the link signs in as the persona and the app
// shows that step, with the answers before it filled in. Also: the screenshots of the preview and of
// /dev/insights at 1280 pixels, with submissions seeded for the insights.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sampleSubmissions, seedDatabase } from '../unit/responses/seed-submissions';
import { expect, test } from './support/fixtures';
import { bundle } from './support/survey';

const SCREENSHOTS = join(process.cwd(), 'tests/e2e/screenshots');
const cancellation = bundle().surveys.cancellation;
if (!cancellation) throw new Error('no cancellation survey');

/** The audience's table of the cancellation survey on the preview page. */
const stepsTable = (page: Page, audience: 'Trial' | 'Paid') =>
  page.getByRole('region', { name: /^Survey cancellation/ }).getByRole('region', { name: `${audience} customers` });

/** The page heading: what the step asks (the screen puts the step number before it). */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('the survey preview', () => {
  test('opens a trial-only step as the trial persona, with the way there answered', async ({ page }) => {
    await page.goto('/dev/survey');
    await stepsTable(page, 'Trial').getByRole('link', { name: 'Open why-not-sure as trial (trial) in en' }).click();
    await expect(page).toHaveURL(/\/cancel\/all\?step=why-not-sure$/);
    await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
    await expect(page.getByText('Step 2 of 4', { exact: true })).toBeVisible();
    // The trial persona is signed in: the secondary button speaks to a trial customer.
    await expect(page.getByRole('link', { name: 'I want to keep my trial subscription' })).toBeVisible();
    // Back: step 1 with the answer that leads here chosen.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(heading(page)).toHaveText(/Please let us know why you’re leaving$|We’re sorry to see you go$/);
    await expect(page.getByRole('radio', { name: 'I’m not sure if I need it', exact: true })).toBeChecked();
  });

  test('opens a later step as a paid persona on the chosen page, in the chosen language', async ({ page }) => {
    await page.goto('/dev/survey');
    await page.locator('select[name="lang"]').selectOption('de');
    await page.locator('select[name="route"]').selectOption('seo');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/dev\/survey\?lang=de&route=seo/);
    await stepsTable(page, 'Paid').getByRole('link', { name: 'Open other-services as paid (paid-monthly) in de' }).click();
    await expect(page).toHaveURL(/\/cancel\/seo\?step=other-services$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText(/3 \/ 4|3 of 4|3 von 4/)).toBeVisible();
    await expect(page.locator('.back-link')).toBeVisible();
  });

  test('every step of both audiences has a link that opens it', async ({ page }) => {
    await page.goto('/dev/survey');
    for (const [audience, label, persona] of [
      ['trial', 'Trial', 'trial'],
      ['paid', 'Paid', 'paid-monthly'],
    ] as const) {
      const table = stepsTable(page, label);
      for (const step of Object.keys(cancellation.audiences[audience].steps)) {
        await expect(table.getByRole('link', { name: `Open ${step} as ${audience} (${persona}) in en` })).toHaveCount(1);
      }
    }
  });
});

test.describe('screenshots of the product-manager pages at 1280 pixels', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the survey preview with its picture', async ({ page }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.goto('/dev/survey');
    const picture = page.locator('figure.graph svg').first();
    await expect(picture).toBeVisible();
    // The script scrolled the wide picture so that step 1 is in view.
    await expect(page.locator('figure.graph').first().getByText('Please let us know why you’re', { exact: false }).first()).toBeInViewport();
    await page.screenshot({ path: join(SCREENSHOTS, 'dev-survey-1280.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'dev-survey-full-1280.png'), fullPage: true });
  });

  test('the insights of seeded submissions', async ({ page }) => {
    const file = process.env.E2E_DB_FILE;
    if (!file) throw new Error('E2E_DB_FILE is not set: run the tests through playwright.config.ts');
    // Submissions from May to July 2025: the other tests store theirs today, outside this range.
    const submissions = sampleSubmissions(bundle());
    await seedDatabase(file, submissions);
    await page.goto('/dev/insights?from=2025-05-01&to=2025-07-31');
    await expect(page.getByText(/^\d+$/).first()).toBeVisible();
    await expect(page.locator('#reasons-chart rect.bar').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Submissions per step-1 reason' })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'dev-insights-1280.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'dev-insights-full-1280.png'), fullPage: true });
  });
});
