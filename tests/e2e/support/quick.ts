// The shortest way through the cancellation survey: 'another account' leads straight to the closing form.
import type { Page } from '@playwright/test';
import { radio } from './driver';
import { expect } from './fixtures';

export const BANNER = 'Something went wrong. If the problem persists, please contact us at support@marketlane.example.';

/** Answers step 1 with 'another account' and fills the closing form (name `name`, agreement). */
export async function toClosingForm(page: Page, name: string): Promise<void> {
  await radio(page, 'I have another account / I want to change my subscription').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Confirm the cancellation$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('checkbox').check();
}

export const cancelButton = (page: Page) => page.getByRole('button', { name: 'Cancel subscription' });
export const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Something went wrong' });
