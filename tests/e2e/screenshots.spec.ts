// Every screen at 375px and 1280px, written to tests/e2e/screenshots/ (git-ignored) for review,
// and checked with axe for WCAG 2.1 AA problems. The offer screens are shot in offers.spec.ts,
// which has the eligible persona's retention actions to itself.
import type { Page } from '@playwright/test';
import { radio } from './support/driver';
import { expect, test } from './support/fixtures';
import { confirmationLink } from './support/mail';
import { cancelButton, toClosingForm } from './support/quick';
import { PERSONA_EMAILS, signIn } from './support/session';
import { shoot } from './support/shoot';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('main, no-subscription and sign-in screens', async ({ page, guard }) => {
  await signIn(page, 'paid-monthly', '/cancel');
  await expect(heading(page)).toBeVisible();
  await shoot(page, '01-main');
  await signIn(page, 'no-subscription', '/cancel/no-subscription');
  await expect(heading(page)).toBeVisible();
  await shoot(page, '02-no-subscription');
  guard.allow(/status of 401/);
  await page.context().clearCookies();
  await page.goto('/cancel/seo');
  await expect(heading(page)).toHaveText('Sign in to continue');
  await shoot(page, '03-sign-in');
});

test('survey steps of a paid user, with their errors', async ({ page }) => {
  // A dozen screens, each shot at two widths and checked by axe: longer than one step of a flow.
  test.slow();
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await expect(heading(page)).toBeVisible();
  await shoot(page, '10-step1');
  await continueButton(page).click();
  await shoot(page, '11-step1-error');
  await radio(page, 'Other').check();
  await page.getByRole('textbox', { name: 'Please tell us why you’re leaving' }).fill('x'.repeat(1510));
  await continueButton(page).click();
  await shoot(page, '12-step1-other-too-long');
  await radio(page, 'The product doesn’t fully meet my needs').check();
  await continueButton(page).click();
  await radio(page, 'The product needs improvements').check();
  await shoot(page, '13-step2-needs-text');
  await page.getByRole('textbox', { name: 'What should we improve?' }).fill('Faster exports');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
  await shoot(page, '14-step3');
  await radio(page, 'Yes').check();
  await continueButton(page).click();
  await continueButton(page).click();
  await shoot(page, '15-step3.5-error');
  await page.getByRole('textbox', { name: 'What services will they be?' }).fill('Rival Suite');
  await continueButton(page).click();
  await shoot(page, '16-step4');
  await page.getByRole('textbox', { name: 'Name' }).fill('');
  await cancelButton(page).click();
  await shoot(page, '17-step4-errors');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Screens ${Date.now()}`);
  await page.getByRole('checkbox').check();
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  await shoot(page, '18-confirmation');
});

test('trial wording and the trial closing form', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/ai');
  await radio(page, 'I’m not sure if I need it').check();
  await continueButton(page).click();
  await shoot(page, '20-trial-step2');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await radio(page, 'I have another account / I want to change my subscription').check();
  await continueButton(page).click();
  await shoot(page, '21-trial-step4');
});

test('growth kit form and its confirmation', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/growth-kit');
  await expect(heading(page)).toBeVisible();
  await shoot(page, '30-growth-kit');
  await page.getByRole('textbox', { name: 'Why do you want to cancel the Growth Kit?' }).fill('Moving on');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send cancellation request' }).click();
  await expect(heading(page)).toHaveText('Your cancellation request has been sent');
  await shoot(page, '31-growth-kit-sent');
});

test('confirm page: success, used key, missing key; sst plan page', async ({ page, guard }) => {
  guard.allow(/status of 410/);
  await signIn(page, 'sst-admin', '/cancel/all');
  await toClosingForm(page, `Screens confirm ${Date.now()}`);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  const link = await confirmationLink(page.request, PERSONA_EMAILS['sst-admin'], 'all');
  await page.goto(link);
  await expect(page.getByText('You have confirmed the cancellation of All tools.')).toBeVisible();
  await shoot(page, '40-confirmed');
  await page.goto(link);
  await expect(heading(page)).toHaveText('This confirmation link has already been used');
  await shoot(page, '41-key-used');
  await page.goto('/cancel/all/confirm-unsubscribe');
  await expect(heading(page)).toHaveText('This confirmation link is incomplete');
  await shoot(page, '42-key-missing');
  await page.goto('/cancel/plan');
  await expect(heading(page)).toBeVisible();
  await shoot(page, '43-sst-plan');
});

test('the global error banner', async ({ page, guard }) => {
  guard.allow(/status of 500/);
  await page.route('**/cancel/api/get-context/', (route) => route.fulfill({ status: 500, json: { error: 'internal-error', message: 'x' } }));
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await shoot(page, '50-error-banner');
});
