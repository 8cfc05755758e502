// Handles on the survey that hold in any language (the accessibility matrix and the pseudo-locale
// walk pages that are not in English): the form's buttons, an answer by its id, a box by its field id.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const submit = (page: Page) => page.locator('form.step-form button[type="submit"]');
export const declineOffer = (page: Page) => page.locator('form.step-form .button-group button[type="button"]');
export const answer = (page: Page, id: string) => page.locator(`input[type="radio"][value="${id}"]`);
export const box = (page: Page, id: string) => page.locator(`#${id}`);
export const summary = (page: Page) => page.locator('.error-summary');

/** Submits a step that is not filled in, and waits for the error summary to take the focus. */
export async function failSubmit(page: Page): Promise<void> {
  await submit(page).click();
  await expect(summary(page)).toBeFocused();
}

/**
 * From step 1, the shortest way to the closing form ('another account'); `atStep` is the caller's
 * check that a step is on screen. With `agree`, the closing form's agreement is ticked too.
 */
export async function toClosingFormInAnyLanguage(page: Page, atStep: (page: Page, stepId: string) => Promise<void>, { agree = false } = {}): Promise<void> {
  await answer(page, 'another-account').check();
  await submit(page).click();
  await atStep(page, 'final');
  if (agree) await box(page, 'root_agreement').check();
}
