// Nothing lost, nothing doubled: the survey submission, the confirmation email and its resend,
// each meeting a 500, a 503 with Retry-After (that recovers, and that persists), a time-out, a
// dropped connection, going offline and back, and a reload in the middle; and a double click
// while the first try is lost. Each time the answers stay, the banner says what happened, a
// retry succeeds and the server records exactly one effect. The offers: resilience-offers.spec.ts.
import type { Page } from '@playwright/test';
import type { RunningServer } from '../../scripts/bench/serve';
import { cancelButton, toClosingForm } from './support/quick';
import { db, expect, expectBanner, expectOneKey, expectReported, FAILURE_CONSOLE, FAILURES, inject, meet, noBanner, open, resetUser, test } from './support/resilience';
import { ACCOUNTS_OF_PERSONA, PERSONA_EMAILS, PERSONA_USER_IDS, type PersonaId } from './support/session';

const PERSONA: PersonaId = 'paid-annual';
const ROUTE = 'advertising';
const COMMENT = 'Kept whatever happens';
const CANCELED = 'Your subscription has been canceled';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

function storedSurveys(server: RunningServer, name: string): number {
  return db(server, (h) => (h.prepare("SELECT count(*) AS n FROM survey_submissions WHERE json_extract(payload, '$.name') = ?").get(name) as { n: number }).n);
}

function mails(server: RunningServer): number {
  return db(server, (h) =>
    (h.prepare('SELECT count(*) AS n FROM outbox WHERE to_address = ? AND links LIKE ?').get(PERSONA_EMAILS[PERSONA], `%/cancel/${ROUTE}/confirm-unsubscribe%`) as { n: number }).n,
  );
}

/** A fresh start: the user's cancellation and mails forgotten, the page clock installed, the closing form filled. */
async function toFilledForm(page: Page, server: RunningServer, name: string): Promise<void> {
  resetUser(server, PERSONA_USER_IDS[PERSONA]);
  db(server, (h) => h.prepare('DELETE FROM outbox WHERE to_address = ?').run(PERSONA_EMAILS[PERSONA]));
  await page.clock.install();
  await open(page, server, PERSONA, `/cancel/${ROUTE}`);
  await toClosingForm(page, name);
  await page.getByRole('textbox', { name: 'Have anything else to add?' }).fill(COMMENT);
}

async function expectAnswersKept(page: Page, name: string): Promise<void> {
  await expect(heading(page)).toHaveText(/Confirm the cancellation$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Have anything else to add?' })).toHaveValue(COMMENT);
  await expect(page.getByRole('checkbox')).toBeChecked();
}

const SEND_LABEL = 'Send confirmation email was failed';

for (const [write, url, label] of [
  ['survey storage', '**/survey-storage/survey-monitoring/', "Survey didn't send to survey storage"],
  ['send-confirmation-email', '**/send-confirmation-email/', SEND_LABEL],
] as const) {
  test.describe(`submitting, ${write}`, () => {
    for (const failure of FAILURES) {
      test(`meets ${failure}: answers kept, explained, retried, stored and mailed once`, async ({ page, server, guard }) => {
        guard.allow(FAILURE_CONSOLE);
        const name = `Resilient ${write} ${failure} ${Date.now()}`;
        await toFilledForm(page, server, name);
        const injected = await inject(page, url, failure);
        await meet(page, injected, failure, () => cancelButton(page).click());

        if (failure !== '503 then recovers') {
          await expectAnswersKept(page, name);
          await cancelButton(page).click();
        }
        await expect(heading(page)).toHaveText(CANCELED);
        await noBanner(page);
        injected.release();

        expect(storedSurveys(server, name)).toBe(1);
        expect(mails(server)).toBe(1);
        expectOneKey(injected);
        expectReported(guard.reported(), failure, label);
      });
    }

    test('a double click while the first try is lost: one survey, one email', async ({ page, server, guard }) => {
      guard.allow(FAILURE_CONSOLE);
      const name = `Resilient ${write} double click ${Date.now()}`;
      await toFilledForm(page, server, name);
      const injected = await inject(page, url, 'dropped connection', 1);
      await cancelButton(page).dblclick();
      await expect(heading(page)).toHaveText(CANCELED);
      await noBanner(page);
      expect(injected.seen).toHaveLength(2);
      expectOneKey(injected);
      expect(storedSurveys(server, name)).toBe(1);
      expect(mails(server)).toBe(1);
      // The lost first try was cured by the client's own retry: nothing to report.
      expect(guard.reported()).toEqual([]);
    });
  });
}

// The email went out but its answer was lost; the customer goes Back and on again, then sends once
// the resend window has passed: the same key, so the server answers the first email, not a second.
test('Back and on after an email whose answer was lost: sent again a minute later, still one email', async ({ page, server, guard }) => {
  guard.allow(FAILURE_CONSOLE);
  const name = `Resilient back and on ${Date.now()}`;
  await toFilledForm(page, server, name);
  const injected = await inject(page, '**/send-confirmation-email/', 'dropped connection');
  await meet(page, injected, 'dropped connection', () => cancelButton(page).click());
  expect(mails(server)).toBe(1);

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(heading(page)).not.toHaveText(/Confirm the cancellation$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectAnswersKept(page, name);
  db(server, (h) => h.prepare(`UPDATE confirmation_keys SET created_at = created_at - 61000 WHERE user_id IN (${ACCOUNTS_OF_PERSONA})`).run({ persona: PERSONA_USER_IDS[PERSONA] }));
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText(CANCELED);
  await noBanner(page);
  expect(storedSurveys(server, name)).toBe(1);
  expect(mails(server)).toBe(1);
  expectOneKey(injected);
});

// The closing form's sending is code of the later screens, loaded at an idle moment once the first
// question shows (decision 137); a customer offline before it arrived is told so, like a failed call.
test('a Continue offline before the sending’s code arrived: the banner says offline; back online, one survey, one email', async ({ page, server, guard }) => {
  guard.allow(FAILURE_CONSOLE);
  const name = `Resilient code offline ${Date.now()}`;
  let cutOff = () => undefined as void;
  const offline = new Promise<void>((resolve) => (cutOff = resolve));
  let online = false;
  // The chunk's idle load is held until the connection goes, then fails as it would offline.
  await page.route('**/cancel/assets/chunks/later-screens-*.js', async (route) => {
    if (online) return route.continue();
    await offline;
    return route.abort('internetdisconnected');
  });
  await toFilledForm(page, server, name);
  await page.context().setOffline(true);
  cutOff();
  await cancelButton(page).click();
  await expectBanner(page, 'offline and back');
  await expectAnswersKept(page, name);
  expect(storedSurveys(server, name)).toBe(0);

  await page.context().setOffline(false);
  online = true;
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText(CANCELED);
  await noBanner(page);
  expect(storedSurveys(server, name)).toBe(1);
  expect(mails(server)).toBe(1);
  expect(guard.reported()).toEqual(['Unexpected error']);
});

test.describe('resending the email', () => {
  /** Submitted, the countdown over (on the page clock and for the server), the Resend button there. */
  async function toResend(page: Page, server: RunningServer): Promise<void> {
    await toFilledForm(page, server, `Resend ${Date.now()}`);
    await cancelButton(page).click();
    await expect(heading(page)).toHaveText(CANCELED);
    await expect.poll(() => mails(server)).toBe(1);
    await waitOutCountdown(page, server);
  }

  async function waitOutCountdown(page: Page, server: RunningServer): Promise<void> {
    db(server, (h) => h.prepare(`UPDATE confirmation_keys SET created_at = created_at - 61000 WHERE user_id IN (${ACCOUNTS_OF_PERSONA})`).run({ persona: PERSONA_USER_IDS[PERSONA] }));
    await page.clock.runFor(61_000);
    await expect(resendButton(page)).toBeVisible();
  }

  const resendButton = (page: Page) => page.getByRole('button', { name: 'Resend email' });
  const sentAgain = (page: Page) => expect(page.locator('[aria-live="polite"]').filter({ hasText: 'We have sent the email again.' })).toHaveCount(1);

  for (const failure of FAILURES) {
    test(`meets ${failure}: explained, retried, mailed once more`, async ({ page, server, guard }) => {
      guard.allow(FAILURE_CONSOLE);
      await toResend(page, server);
      const injected = await inject(page, '**/send-confirmation-email/', failure);
      await meet(page, injected, failure, () => resendButton(page).click());

      await expect(heading(page)).toHaveText(CANCELED);
      if (failure === 'reload in the middle') await waitOutCountdown(page, server);
      if (failure !== '503 then recovers') await resendButton(page).click();
      await sentAgain(page);
      await noBanner(page);
      injected.release();
      expect(mails(server)).toBe(2);
      expectOneKey(injected);
      expectReported(guard.reported(), failure, SEND_LABEL);
    });
  }

  test('a double click while the first try is lost: one more email', async ({ page, server, guard }) => {
    guard.allow(FAILURE_CONSOLE);
    await toResend(page, server);
    const injected = await inject(page, '**/send-confirmation-email/', 'dropped connection', 1);
    await resendButton(page).dblclick();
    await sentAgain(page);
    await noBanner(page);
    expect(injected.seen).toHaveLength(2);
    expectOneKey(injected);
    expect(mails(server)).toBe(2);
    expect(guard.reported()).toEqual([]);
  });
});
