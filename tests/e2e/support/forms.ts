// Assertions on the GOV.UK error pattern: summary at the top that takes focus, inline messages.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

/** The summary lists exactly `messages`, has focus, and each message also shows at its field. */
export async function expectErrors(page: Page, messages: string[]): Promise<void> {
  const box = summary(page);
  await expect(box).toBeFocused();
  await expect(box.getByRole('link')).toHaveText(messages);
  await expect(page).toHaveTitle(/^Error: /);
  for (const message of messages) {
    const inline = page.locator('.error-message').filter({ hasText: message });
    await expect(inline.first()).toBeVisible();
  }
}

/** Clicking the summary link of `message` moves focus to the control it names. */
export async function expectLinkFocuses(page: Page, message: string, control: ReturnType<Page['getByRole']>): Promise<void> {
  await summary(page).getByRole('link', { name: message }).click();
  await expect(control).toBeFocused();
  const described = (await control.getAttribute('aria-describedby')) ?? '';
  const errorIds = described.split(' ').filter((id) => id.endsWith('__error'));
  if (errorIds.length === 0) {
    // A radio group's error is linked from its fieldset.
    const fieldset = control.locator('xpath=ancestor::fieldset[1]');
    await expect(page.locator(`#${(await fieldset.getAttribute('aria-describedby'))?.split(' ')[0] ?? 'none'}`)).toContainText(message);
    return;
  }
  await expect(page.locator(`#${errorIds[0]}`)).toContainText(message);
}

/** Answers send-confirmation-email with a success and records the calls (see paths.spec.ts for why). */
export async function answerEmailCalls(page: Page): Promise<string[]> {
  const calls: string[] = [];
  await page.route('**/send-confirmation-email/', async (route) => {
    calls.push(route.request().url());
    await route.fulfill({ json: { sent: true } });
  });
  return calls;
}
