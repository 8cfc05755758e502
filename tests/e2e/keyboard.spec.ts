// The whole cancellation by keyboard alone (Tab, Shift+Tab, Space, Enter, arrow keys), from where
// sign-in lands to the final confirmation: every element that takes focus shows the yellow focus
// indicator; focus moves to the heading on each step and to the error summary on a failed submit;
// the title names the step and starts with the page's own 'Error:' when there is one; and status
// changes are announced politely, not every second or every keystroke.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { answerEmailCalls } from './support/forms';
import { signIn } from './support/session';

/** The focus colour of the design (--focus: #ffdd00). */
const FOCUS_YELLOW = 'rgb(255, 221, 0)';

interface Focused {
  tag: string;
  id: string;
  type: string;
  value: string;
  href: string;
  checked: boolean;
  /** Where the yellow focus indicator shows: the element's outline, box-shadow, background or border, or a radio's or checkbox's drawn box. */
  indicator: string | null;
}

/** What has focus, and where its focus indicator is drawn (null: nowhere). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate((yellow) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', id: '', type: '', value: '', href: '', checked: false, indicator: null };
    const style = getComputedStyle(el);
    const places: [string, string][] = [
      ['outline', style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? '' : style.outlineColor],
      ['box-shadow', style.boxShadow],
      ['background', style.backgroundColor],
      ['border', style.borderColor],
    ];
    const input = el instanceof HTMLInputElement ? el : null;
    if (input && (input.type === 'radio' || input.type === 'checkbox')) {
      const label = document.querySelector(`label[for="${input.id}"]`);
      if (label) places.push(['drawn box', getComputedStyle(label, '::before').boxShadow]);
    }
    const indicator = places.find(([, value]) => value.includes(yellow))?.[0] ?? null;
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      type: input?.type ?? el.getAttribute('type') ?? '',
      value: input?.value ?? '',
      href: el.getAttribute('href') ?? '',
      checked: input?.checked ?? false,
      indicator,
    };
  }, FOCUS_YELLOW);
}

/** Presses `key` and checks the element it focuses shows the focus indicator. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  expect(now.indicator, `focus indicator after ${key} on <${now.tag} id="${now.id}" href="${now.href}">`).not.toBeNull();
  return now;
}

/** Tabs (or Shift+Tabs) until `wanted` has focus, checking the indicator at every stop. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 40): Promise<Focused> {
  for (let i = 0; i < max; i += 1) {
    const now = await press(page, key);
    if (wanted(now)) return now;
  }
  throw new Error(`${key} never reached the element wanted in ${max} presses`);
}

/** On a radio group, checks the answer `value` with Space and the arrow keys only. */
async function chooseByKeys(page: Page, value: string): Promise<void> {
  let now = await focused(page);
  expect(now.type, 'a radio has focus').toBe('radio');
  if (!now.checked) now = await press(page, 'Space');
  for (let i = 0; i < 12 && now.value !== value; i += 1) now = await press(page, 'ArrowDown');
  expect(now).toMatchObject({ value, checked: true });
}

const isSubmit = (f: Focused) => f.tag === 'button' && f.type === 'submit';
const heading = (page: Page) => page.locator('#step-heading');

/** The step has arrived: focus on its heading, and the title names it. */
async function expectStepArrived(page: Page, step: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
  await expect(heading(page)).toBeFocused();
  await expectTitleNamesStep(page);
}

/** The heading's text without the step caption some headings carry ('Step 3 of 4'). */
const headingName = (page: Page) =>
  heading(page).evaluate((h1) => {
    const copy = h1.cloneNode(true) as HTMLElement;
    copy.querySelector('.caption')?.remove();
    return (copy.textContent ?? '').trim();
  });

async function expectTitleNamesStep(page: Page): Promise<void> {
  const name = await headingName(page);
  await expect(page).toHaveTitle(new RegExp(escape(name)));
}

/** A failed submit: focus on the error summary (with its indicator), and the title starts with the page's own 'Error:'. */
async function expectFailedSubmit(page: Page): Promise<void> {
  await expect(page.locator('.error-summary')).toBeFocused();
  expect((await focused(page)).indicator, 'error summary focus indicator').not.toBeNull();
  const prefix = (await page.locator('.error-message .visually-hidden').first().innerText()).trim();
  const name = await headingName(page);
  await expect(page).toHaveTitle(new RegExp(`^${escape(prefix)} .*${escape(name)}`));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Counts the changes of every polite live region from now on. */
async function watchLiveRegions(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { __live: string[] }).__live = log;
    for (const region of document.querySelectorAll('[aria-live="polite"], [role="status"]')) {
      new MutationObserver(() => log.push(region.textContent ?? '')).observe(region, { childList: true, subtree: true, characterData: true });
    }
  });
  return () => page.evaluate(() => [...(window as unknown as { __live: string[] }).__live]);
}

test('the whole cancellation by keyboard, from the main page to the final confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  await answerEmailCalls(page);
  await page.clock.install();
  await signIn(page, 'paid-monthly', '/cancel');
  await expect(page.locator('main h1')).toBeVisible();

  // The main page: Tab to the SEO Toolkit's page and follow it.
  await tabTo(page, (f) => f.href === '/cancel/seo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/cancel/seo');
  await expect(heading(page)).toBeVisible();
  await expectTitleNamesStep(page);

  // Step 1: Continue without an answer, then answer from the error summary's link.
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');
  await expectFailedSubmit(page);
  await tabTo(page, (f) => f.tag === 'a' && f.href === '#root_answer');
  await page.keyboard.press('Enter');
  await chooseByKeys(page, 'not-meeting-needs');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // Step 2: an answer that reveals a text box, typed into.
  await expectStepArrived(page, 'what-could-be-better');
  await press(page, 'Tab');
  await chooseByKeys(page, 'needs-improvements');
  await tabTo(page, (f) => f.tag === 'textarea');
  await page.keyboard.type('Faster exports');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // Step 3: Yes.
  await expectStepArrived(page, 'competitors');
  await press(page, 'Tab');
  await chooseByKeys(page, 'will-use-other');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // Step 3.5: blank first; then typed, its character count read out once typing pauses.
  await expectStepArrived(page, 'other-services');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');
  await expectFailedSubmit(page);
  await tabTo(page, (f) => f.tag === 'a' && f.href === '#root_text');
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatchObject({ tag: 'textarea', id: 'root_text' });
  const start = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(start + 100);
  const liveChanges = await watchLiveRegions(page);
  await page.keyboard.type('Rival Suite', { delay: 20 });
  await page.clock.runFor(500);
  expect(await liveChanges(), 'no announcement while typing').toEqual([]);
  await page.clock.runFor(1000);
  expect(await liveChanges(), 'one announcement once typing pauses').toEqual(['You have 239 characters remaining']);
  await page.clock.resume();
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // Step 4: the name is there; reach the button, Shift+Tab back to the agreement, tick it, submit.
  await expectStepArrived(page, 'final');
  await tabTo(page, isSubmit);
  await tabTo(page, (f) => f.type === 'checkbox', 'Shift+Tab');
  await press(page, 'Space');
  expect(await focused(page)).toMatchObject({ type: 'checkbox', checked: true });
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // The final confirmation: the countdown shows every second, but is announced only when it ends.
  await expect(page).toHaveURL(/[?&]step=done/);
  await expect(heading(page)).toBeFocused();
  await expect(page).toHaveTitle('Your subscription has been canceled – Marketlane');
  const countdown = page.locator('.resend-countdown');
  await expect(countdown).toBeVisible();
  expect(await countdown.evaluate((el) => el.closest('[aria-live], [role="status"], [role="timer"], [role="alert"]') === null)).toBe(true);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 100);
  const announced = await watchLiveRegions(page);
  const before = await countdown.innerText();
  for (let second = 0; second < 3; second += 1) await page.clock.runFor(1000);
  await expect(countdown).not.toHaveText(before);
  expect(await announced(), 'the countdown is not read out every second').toEqual([]);
  await page.clock.runFor(60_000);
  await expect(countdown).toHaveCount(0);
  expect(await announced()).toEqual(['You can now resend the email.']);

  // Resend by keyboard: 'sent' is announced once, and the countdown starts again.
  await tabTo(page, (f) => f.tag === 'button');
  await page.keyboard.press('Enter');
  await expect(countdown).toBeVisible();
  expect(await announced()).toEqual(['You can now resend the email.', 'We have sent the email again.']);
  await page.clock.runFor(3000);
  expect((await announced()).length).toBe(2);
  await page.clock.resume();
});

test('in German too, the title starts with the page’s own “Error:” and names the step', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel/seo', 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(heading(page)).toBeVisible();
  await expectTitleNamesStep(page);
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');
  await expectFailedSubmit(page);
});

test('an offer accepted by keyboard: the downgrade, its plan chosen with the arrow keys', async ({ page }) => {
  test.setTimeout(60_000);
  // Eligibility and the downgrade are answered here: the server allows one retention action per customer.
  const downgrades: string[] = [];
  await page.route('**/cancel/api/seo/eligible-for-offer/', (route) => route.fulfill({ json: { result: true } }));
  await page.route('**/cancel/api/seo/downgrade/**', async (route) => {
    downgrades.push(new URL(route.request().url()).search);
    await route.fulfill({ json: { downgraded: true, toolkit: 'seo', plan: 'guru' } });
  });
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await expect(heading(page)).toBeVisible();

  await tabTo(page, (f) => f.type === 'radio');
  await chooseByKeys(page, 'not-using-now');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  await expectStepArrived(page, 'why-not-using');
  await press(page, 'Tab');
  await chooseByKeys(page, 'budget');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  // The offer: accepting without a plan fails; the summary's link leads to the plans.
  await expectStepArrived(page, 'downgrade-offer');
  await tabTo(page, isSubmit);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Switch plan');
  await page.keyboard.press('Enter');
  await expectFailedSubmit(page);
  await tabTo(page, (f) => f.tag === 'a' && f.href.startsWith('#'));
  await page.keyboard.press('Enter');
  await chooseByKeys(page, 'guru');
  await tabTo(page, isSubmit);
  await page.keyboard.press('Enter');

  await expectStepArrived(page, 'retained');
  await expect(heading(page)).toHaveText('Your plan is changing');
  expect(downgrades).toEqual(['?to=guru']);
  // The success screen's links take focus with the indicator too.
  await tabTo(page, (f) => f.tag === 'a' && f.href === '/kb/support/');
});

test('the confirm page by keyboard: Try again after a failure reaches the outcome; a bad link leads back to the survey', async ({ page, guard }) => {
  guard.allow(/status of (404|500)/);
  let calls = 0;
  await page.route('**/cancel/api/content/confirm/**', async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 500, json: { error: 'internal-error', message: 'x' } });
    else await route.fulfill({ json: { confirmed: true, toolkit: 'content' } });
  });
  await signIn(page, 'paid-annual', '/cancel/content/confirm-unsubscribe?key=answered-by-the-test');
  await expect(page.locator('main h1')).toHaveText('We couldn’t confirm your cancellation');
  await expect(page).toHaveTitle(/We couldn’t confirm your cancellation/);
  await tabTo(page, (f) => f.tag === 'button');
  await page.keyboard.press('Enter');
  await expect(page.locator('main h1')).toHaveText('Your subscription has been canceled');
  // The button is gone: focus moves to the answer's heading, not to the page's start.
  await expect(page.locator('main h1')).toBeFocused();
  await expect(page).toHaveTitle(/^Your subscription has been canceled/);
  expect(calls).toBe(2);
  await tabTo(page, (f) => f.tag === 'a' && f.href === '/kb/refund-policy/');

  // The server's own answer to a key it does not know.
  await page.unroute('**/cancel/api/content/confirm/**');
  await page.goto('/cancel/content/confirm-unsubscribe?key=no-such-key');
  await expect(page.locator('main h1')).toHaveText('This confirmation link is not valid');
  await tabTo(page, (f) => f.tag === 'a' && f.href === '/cancel/content');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/cancel/content');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
});
