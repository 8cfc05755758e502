// Answers survive a reload and the browser's Back; they are gone after a successful submission.
import { untilPageListens } from './support/api-calls';
import { radio } from './support/driver';
import { expect, test } from './support/fixtures';
import { cancelButton, toClosingForm } from './support/quick';
import { signIn } from './support/session';

// These tests read or walk the history: each gets a tab whose history starts empty.
test.use({ ownTab: true });

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });
const continueButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Continue', exact: true });

test('a reload mid-survey keeps every answer and the step, even text not yet continued', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel/content');
  await radio(page, 'Other').check();
  await page.getByRole('textbox', { name: 'Please tell us why you’re leaving' }).fill('Moving to an in-house team');
  await continueButton(page).click();
  await radio(page, 'Yes').check();
  await continueButton(page).click();
  await page.getByRole('textbox', { name: 'What services will they be?' }).fill('Typed, not continued');
  await expect(page).toHaveURL('/cancel/content?step=other-services');
  const order = await page.evaluate(() => sessionStorage.getItem('cancel:survey:content'));

  await page.reload();
  await expect(heading(page)).toHaveText(/What services will they be\?$/);
  await expect(page.getByRole('textbox', { name: 'What services will they be?' })).toHaveValue('Typed, not continued');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
  await expect(radio(page, 'Yes')).toBeChecked();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(radio(page, 'Other')).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Please tell us why you’re leaving' })).toHaveValue('Moving to an in-house team');
  // The answer order chosen for the visit survives too.
  expect(JSON.parse(order ?? '{}').order).toEqual(JSON.parse((await page.evaluate(() => sessionStorage.getItem('cancel:survey:content'))) ?? '{}').order);
});

test('the browser’s Back moves between steps and keeps the answers; focus goes to the heading', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/social');
  await radio(page, 'I’m not sure if I need it').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await expect(heading(page)).toBeFocused();
  await expect(page).toHaveTitle('Step 2 of 4: What makes you unsure? – Marketlane');
  await radio(page, 'I just wanted to try it out').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);

  await page.goBack();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await expect(radio(page, 'I just wanted to try it out')).toBeChecked();
  await page.goBack();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect(radio(page, 'I’m not sure if I need it')).toBeChecked();
  await expect(page).toHaveURL('/cancel/social');
  await expect(page).toHaveTitle('Step 1 of 4: We’re sorry to see you go – Marketlane');
});

test('the browser’s Forward after Back goes on to the step the unchanged answer led to; after a changed answer it stays', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/social');
  await radio(page, 'I’m not sure if I need it').check();
  await continueButton(page).click();
  await radio(page, 'I just wanted to try it out').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
  await page.goBack();
  await page.goBack();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');

  await page.goForward();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await expect(radio(page, 'I just wanted to try it out')).toBeChecked();
  await expect(page).toHaveURL('/cancel/social?step=why-not-sure');
  await page.goForward();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
  await expect(page).toHaveTitle('Step 3 of 4: Are you going to use any other service instead? – Marketlane');

  // A reload keeps the way forward; an answer changed after Back is not sent on by Forward.
  await page.goBack();
  await page.reload();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await radio(page, 'It takes too much time to get started').check();
  await page.goForward();
  await expect(page).toHaveURL('/cancel/social?step=why-not-sure');
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await expect(radio(page, 'It takes too much time to get started')).toBeChecked();
});

test('the skip link focuses the main content without a history entry, so Back after Continue shows the step before, its heading focused', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/social');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  // Before the page listens the link works as plain HTML, fragment and all; this is the page's own.
  await untilPageListens(page);
  const length = await page.evaluate(() => history.length);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page).toHaveURL('/cancel/social');
  expect(await page.evaluate(() => history.length)).toBe(length);

  await radio(page, 'I’m not sure if I need it').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await page.goBack();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect(heading(page)).toBeFocused();
});

test('the Back link returns to the previous step without growing the history', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/local');
  await radio(page, 'I am satisfied with the product, but I don’t/can’t use it right now').check();
  await continueButton(page).click();
  const length = await page.evaluate(() => history.length);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  expect(await page.evaluate(() => history.length)).toBe(length);
});

test('a submitted survey is forgotten: the next visit starts afresh', async ({ page }) => {
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await signIn(page, 'trial', '/cancel/content');
  await radio(page, 'I have another account / I want to change my subscription').check();
  await continueButton(page).click();
  await page.getByRole('checkbox').check();
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  // A reload keeps the confirmation; the answers are gone from the tab.
  await page.reload();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  expect(await page.evaluate(() => sessionStorage.getItem('cancel:survey:content'))).toBeNull();
  await page.goto('/cancel/content');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

const STEP_1_TRIAL = [
  'I am satisfied with the product, but I don’t/can’t use it right now',
  'The product doesn’t fully meet my needs',
  'I’m not sure if I need it',
  'I have another account / I want to change my subscription',
  'Other',
];
const answerLabels = (page: import('@playwright/test').Page) => page.locator('.radios__label').allTextContents();

/** Step 1 as a trial user sees it (four answers before Other: a reshuffle rarely gives the same order twice). */
async function stepOneOrder(page: import('@playwright/test').Page): Promise<string[]> {
  await expect(page.locator('.radios__label')).toHaveCount(STEP_1_TRIAL.length);
  const order = await answerLabels(page);
  expect([...order].sort()).toEqual([...STEP_1_TRIAL].sort());
  expect(order.at(-1)).toBe('Other');
  return order;
}

test('step 1 keeps its answer order, Other last, through reloads, Back and forward', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/advertising');
  const order = await stepOneOrder(page);
  await radio(page, 'I’m not sure if I need it').check();
  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload();
    await expect(radio(page, 'I’m not sure if I need it')).toBeChecked();
    expect(await answerLabels(page)).toEqual(order);
  }

  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await page.goBack();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  expect(await answerLabels(page)).toEqual(order);
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  expect(await answerLabels(page)).toEqual(order);
  await continueButton(page).click();
  await page.reload();
  await expect(heading(page)).toHaveText(/What makes you unsure\?$/);
  await page.goBack();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  expect(await answerLabels(page)).toEqual(order);
});

test('a reload of step 1 before any answer keeps the order drawn for the visit (decision 3)', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/local');
  const order = await stepOneOrder(page);
  for (let reload = 0; reload < 3; reload += 1) {
    await page.reload();
    await expect(heading(page)).toHaveText('We’re sorry to see you go');
    expect(await stepOneOrder(page), `after reload ${reload + 1}`).toEqual(order);
  }
});

test('the browser’s Back from the confirmation shows the cancellation waiting for its link, not the survey again', async ({ page }) => {
  await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
  await page.clock.install();
  await signIn(page, 'trial', '/cancel/local');
  await toClosingForm(page, `Back from done ${Date.now()}`);
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  await page.clock.runFor(20_000);
  await expect(page.getByText('You can resend the email in 40 seconds.')).toBeVisible();
  await page.goBack();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  await expect(page.getByRole('radio')).toHaveCount(0);
  // The resend countdown goes on from where it was (the server's window has not started again).
  await expect(page.getByText('You can resend the email in 40 seconds.')).toBeVisible();
  await page.clock.runFor(40_000);
  await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
  // Starting again is the customer's choice, as on a fresh load of the page.
  await page.getByRole('button', { name: 'Start the survey again' }).click();
  await expect(page.getByRole('radio').first()).toBeVisible();
  // The button is gone: the focus goes to the step's heading, not to the page's start.
  await expect(heading(page)).toBeFocused();
});
