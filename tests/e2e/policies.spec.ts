// Cancellation policies in the browser (issue 16): the customer's country picks the policy, the page
// enforces it. Germany (§312k): 'Jetzt kündigen' on the first screen, the cancellation declared on
// the next screen with no question answered, in effect at once, with its receipt and undo link.
// California: a cancel control beside every offer. France (the EU withdrawal function): a question
// left unanswered leads to the declaration. The spec's flow stays as it is for every other country.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { answer, box, submit } from './support/handles';
import { expect, test } from './support/fixtures';
import { mailbox } from './support/server-data';
import { unreadableOnPaper } from './support/paper';
import { signIn } from './support/session';
import { loadCatalog } from './support/catalog';
import { shoot } from './support/shoot';

// These tests read or walk the history: each gets a tab whose history starts empty.
test.use({ ownTab: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function activeToolkits(page: Page): Promise<string[]> {
  const context = (await (await page.request.get('/cancel/api/get-context/')).json()) as { user: { active_toolkits: string[] } };
  return context.user.active_toolkits;
}

/** The audit record of a reference, from the server's database (read-only). */
function auditRecord(reference: string): { policy: string; policy_version: number; effect: string; screens: string; effective_at: number | null; undone_at: number | null } | undefined {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT policy, policy_version, effect, screens, effective_at, undone_at FROM cancellation_records WHERE reference = ?').get(reference) as never;
  } finally {
    db.close();
  }
}

test('Germany, §312k: Jetzt kündigen on the first screen, declared on the second with no question answered, in effect at once; the receipt; the undo link restores the subscription', async ({ page }) => {
  const de = loadCatalog('de');
  await signIn(page, 'paid-de', '/cancel/seo', 'de');
  await expect(heading(page)).toHaveText(de.t('We’re sorry to see you go'));
  const cancelNow = page.getByRole('link', { name: 'Jetzt kündigen' });
  await expect(cancelNow).toBeVisible();
  // The question is optional and says so.
  await expect(page.locator('legend').first()).toContainText(de.t('(optional)'));

  // Screen 2 of the policy's 2: the declaration, asking only name and email, the agreement a notice.
  await cancelNow.click();
  await expect(page).toHaveURL(/[?&]step=declare/);
  await expect(heading(page)).toHaveText(de.t('Cancel your subscription'));
  await expect(page.getByRole('textbox')).toHaveCount(2);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  // The agreement is told as a fact (its notice), not as the checkbox's "I agree…".
  await expect(page.locator('.inset-text')).toHaveText(de.t('All your projects will be deleted 30 days after the day you are unsubscribed.'));
  await expect(page.locator('main')).not.toContainText('einverstanden');
  await expect(page.locator('.declaration-summary')).toContainText(de.t('Ordinary cancellation'));
  const declareButton = page.getByRole('button', { name: 'Jetzt kündigen' });
  await expect(declareButton).toBeVisible();
  // The name is asked as in the spec's form: blank is refused with its message.
  await box(page, 'root_name').fill('');
  await declareButton.click();
  await expect(page.locator('.error-summary')).toContainText(de.t('Please enter your name.'));
  await box(page, 'root_name').fill('Dana Deutsch');
  await declareButton.click();

  // The confirmation: date and time, a reference, a printable copy.
  await expect(page).toHaveURL(/[?&]step=done/);
  await expect(heading(page)).toHaveText(de.t('Your subscription has been canceled'));
  const referenceText = (await page.locator('.receipt-reference').textContent()) ?? '';
  const reference = /C-[A-Z2-9]{8}/.exec(referenceText)?.[0] ?? '';
  expect(reference).not.toBe('');
  await expect(page.locator('main')).toContainText(/\d{1,2}\. \p{L}+ \d{4} um \d{1,2}:\d{2}/u);
  // The time names its zone: the printed record is read without the browser that showed it.
  await expect(page.locator('main')).toContainText(/ um \d{1,2}:\d{2} (UTC|MEZ|MESZ|GMT[+−-]\d{1,2}) gekündigt\./u);
  // When the contract ends, as §312k (4) BGB asks of the confirmation.
  await expect(page.locator('main')).toContainText(de.t('Your subscription ends at the end of the current billing period.'));
  await shoot(page, '68-312k-receipt');
  await expect(page.getByRole('button', { name: de.t('Print or save this confirmation') })).toBeVisible();
  // Printed: the confirmation and the brand, every word readable on white paper, no controls or footer links.
  await page.emulateMedia({ media: 'print' });
  try {
    expect(await unreadableOnPaper(page)).toEqual([]);
    await expect(page.locator('.header__brand')).toBeVisible();
    await expect(page.getByRole('button', { name: de.t('Print or save this confirmation') })).toBeHidden();
    await expect(page.locator('footer')).toBeHidden();
  } finally {
    await page.emulateMedia({ media: null });
  }
  // A reload keeps the confirmation, although the subscription has ended.
  await page.reload();
  await expect(page.locator('.receipt-reference')).toContainText(reference);

  // In effect at once: the toolkit is gone from the context; the audit trail has it under de-312k.
  expect(await activeToolkits(page)).not.toContain('seo');
  expect(auditRecord(reference)).toMatchObject({ policy: 'de-312k', policy_version: 1, effect: 'immediate', screens: JSON.stringify(['reason', 'declaration']), undone_at: null });

  // The receipt on a durable medium: the same reference, the date and time, and the undo link.
  const [receipt] = await mailbox(page.request, 'mine');
  expect(receipt?.to).toBe('dana.de@example.com');
  expect(receipt?.subject).toContain(reference);
  expect(receipt?.text).toContain(reference);
  expect(receipt?.text).toMatch(/\d{1,2}\. \p{L}+ \d{4} um \d{1,2}:\d{2} UTC/u);
  const undoLink = receipt?.links.find((link) => link.includes('undo=')) ?? '';
  expect(undoLink).toContain('/cancel/seo/confirm-unsubscribe?undo=');

  // Opening the link changes nothing until the customer presses the button.
  await page.goto(new URL(undoLink).pathname + new URL(undoLink).search);
  await expect(heading(page)).toHaveText(de.t('Undo your cancellation'));
  expect(await activeToolkits(page)).not.toContain('seo');
  await page.getByRole('button', { name: de.t('Undo the cancellation') }).click();
  await expect(heading(page)).toHaveText(de.t('Your subscription continues'));
  expect(await activeToolkits(page)).toContain('seo');
  expect(auditRecord(reference)?.undone_at).not.toBeNull();
});

test('California: every offer screen shows a cancel control beside the offer; it leads to the declaration, confirmed by email', async ({ page }) => {
  await test.step('the spec’s flow has no such control (paid-monthly, spec-default)', async () => {
    await signIn(page, 'paid-monthly', '/cancel/seo');
    await expect(page.locator('#step-heading')).toBeVisible();
    await expect(page.locator('.cancel-now')).toHaveCount(0);
    await expect(page.locator('legend').first()).not.toContainText('(optional)');
  });

  await signIn(page, 'paid-us', '/cancel/seo');
  await expect(page.locator('#step-heading')).toBeVisible();
  // Not on the questions: California asks for it beside the offers.
  await expect(page.locator('.cancel-now')).toHaveCount(0);
  await answer(page, 'not-using-now').check();
  await submit(page).click();
  await answer(page, 'budget').check();
  await submit(page).click();
  await expect(page).toHaveURL(/[?&]step=downgrade-offer/);
  const beside = (p: Page) => p.locator('form.step-form .button-group').getByRole('link', { name: 'Cancel now' });
  await expect(beside(page)).toBeVisible();
  await page.getByRole('button', { name: 'No thanks, continue cancelling' }).click();
  await expect(page).toHaveURL(/[?&]step=competitors/);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]step=why-not-using/);
  await page.locator('.back-link').click();
  await answer(page, 'not-meeting-needs').check();
  await submit(page).click();
  await answer(page, 'price-too-high').check();
  await submit(page).click();
  await expect(page).toHaveURL(/[?&]step=discount-offer/);
  await expect(beside(page)).toBeVisible();

  await beside(page).click();
  await expect(page).toHaveURL(/[?&]step=declare/);
  await expect(heading(page)).toHaveText('Cancel your subscription');
  // California keeps the spec's agreement: it must be ticked.
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/[?&]step=done/);
  // The spec's final confirmation, its resend countdown running.
  await expect(page.locator('.resend-countdown')).toBeVisible();
  const [mail] = await mailbox(page.request, 'mine');
  expect(mail?.links.some((link) => link.includes('/cancel/seo/confirm-unsubscribe?key='))).toBe(true);
  // Declared, not in effect until the link: the toolkit is still there.
  expect(await activeToolkits(page)).toContain('seo');
});

test('EU withdrawal (France): a question left unanswered leads to the declaration, which takes effect at once', async ({ page }) => {
  const fr = loadCatalog('fr');
  await signIn(page, 'paid-fr', '/cancel/content', 'fr');
  await expect(page.locator('#step-heading')).toBeVisible();
  await answer(page, 'not-meeting-needs').check();
  await submit(page).click();
  await expect(page).toHaveURL(/[?&]step=what-could-be-better/);
  // Continue with nothing chosen: no error, straight to the declaration.
  await submit(page).click();
  await expect(page).toHaveURL(/[?&]step=declare/);
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await expect(heading(page)).toHaveText(fr.t('Withdraw from your contract'));
  // A withdrawal, said as one: not an ordinary cancellation to the end of the billing period.
  await expect(page.locator('.declaration-summary')).toContainText(fr.t('Withdrawal from the contract'));
  await expect(page.locator('.declaration-summary')).toContainText(fr.t('When you confirm the withdrawal'));
  await expect(page.locator('.declaration-summary')).not.toContainText(fr.t('Ordinary cancellation'));
  // A reload on the declaration keeps it; Back returns to the question.
  await page.reload();
  await expect(heading(page)).toHaveText(fr.t('Withdraw from your contract'));
  await page.locator('.back-link').click();
  await expect(page).toHaveURL(/[?&]step=what-could-be-better/);
  await submit(page).click();
  await expect(page).toHaveURL(/[?&]step=declare/);
  await page.getByRole('button', { name: fr.t('Confirm withdrawal') }).click();
  await expect(page).toHaveURL(/[?&]step=done/);
  // Acknowledged as a withdrawal, on the screen and in the email (Art. 11a), not as a cancellation.
  await expect(heading(page)).toHaveText(fr.t('You have withdrawn from your contract'));
  const undoSentence = fr.t('Changed your mind? The email has a link to undo the withdrawal until {until}.', { until: '§' }).split('§')[0] ?? '';
  await expect(page.locator('main')).toContainText(undoSentence);
  await expect(page.locator('main')).not.toContainText(fr.t('Your subscription ends at the end of the current billing period.'));
  await shoot(page, '66-withdrawal-receipt');
  const [receiptMail] = await mailbox(page.request, 'mine');
  expect(receiptMail?.subject).toMatch(/^Votre rétractation du contrat /);
  const undoLink = new URL(receiptMail?.links.find((link) => link.includes('undo=')) ?? '');
  const reference = /C-[A-Z2-9]{8}/.exec((await page.locator('.receipt-reference').textContent()) ?? '')?.[0] ?? '';
  expect(auditRecord(reference)).toMatchObject({ policy: 'eu-withdrawal', effect: 'immediate', screens: JSON.stringify(['reason', 'what-could-be-better', 'declaration']) });
  expect(await activeToolkits(page)).not.toContain('content');
  // Back from the receipt: the subscription is gone, so the page says so, and its heading has the focus.
  await page.goBack();
  await expect(page).toHaveURL('/cancel/no-subscription');
  await expect(heading(page)).toBeFocused();
  // The email's undo link: a withdrawal taken back, in the withdrawal's words.
  await page.goto(undoLink.pathname + undoLink.search);
  await expect(heading(page)).toHaveText(fr.t('Undo your withdrawal'));
  await shoot(page, '67-withdrawal-undo');
  await page.getByRole('button', { name: fr.t('Undo the withdrawal') }).click();
  await expect(heading(page)).toHaveText(fr.t('Your subscription continues'));
  expect(await activeToolkits(page)).toContain('content');
});
