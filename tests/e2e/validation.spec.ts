// Every validation message of spec §5, at its limit and one past it, as the customer sees it.
import { radio } from './support/driver';
import { expect, test } from './support/fixtures';
import { answerEmailCalls, expectErrors, expectLinkFocuses, summary } from './support/forms';
import { toClosingForm } from './support/quick';
import { storedSurveys } from './support/server-data';
import { signIn } from './support/session';

const continueButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Continue', exact: true });
const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('step 1: an option, the Other text (blank, 1501, 1500), then step 3.5 (blank, 251, 250) and the closing form (name 81/80, agreement)', async ({ page }) => {
  await answerEmailCalls(page);
  await signIn(page, 'paid-monthly', '/cancel/ai');
  await expect(summary(page)).toHaveCount(0);

  await continueButton(page).click();
  await expectErrors(page, ['Please choose an option.']);
  await expectLinkFocuses(page, 'Please choose an option.', page.getByRole('radio').first());

  await radio(page, 'Other').check();
  const other = page.getByRole('textbox', { name: 'Please tell us why you’re leaving' });
  await expect(page.getByText('You have 1500 characters remaining')).toBeVisible();
  await continueButton(page).click();
  await expectErrors(page, ['Please fill in this field.']);
  await expectLinkFocuses(page, 'Please fill in this field.', other);

  await other.fill('   ');
  await continueButton(page).click();
  await expectErrors(page, ['Please fill in this field.']);

  // Past the limit: typing is never blocked, the count says how far over, Continue says what to do.
  await other.fill('a'.repeat(1501));
  await expect(other).not.toHaveAttribute('maxlength');
  await expect(other).toHaveValue('a'.repeat(1501));
  await expect(page.getByText('You have 1 character too many')).toBeVisible();
  await continueButton(page).click();
  await expectErrors(page, ['Please enter your comment within 1500 characters.']);

  await other.fill('a'.repeat(1500));
  await expect(page.getByText('You have 0 characters remaining')).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
  await expect(heading(page)).toBeFocused();

  await continueButton(page).click();
  await expectErrors(page, ['Please choose an option.']);
  await radio(page, 'Yes').check();
  await continueButton(page).click();

  const services = page.getByRole('textbox', { name: 'What services will they be?' });
  await continueButton(page).click();
  await expectErrors(page, ['Please fill in this field.']);
  await expectLinkFocuses(page, 'Please fill in this field.', services);
  await services.fill('s'.repeat(251));
  await expect(page.getByText('You have 1 character too many')).toBeVisible();
  await continueButton(page).click();
  await expectErrors(page, ['Please enter your comment within 250 characters.']);
  await services.fill('s'.repeat(250));
  await continueButton(page).click();

  await expect(heading(page)).toHaveText(/Confirm the cancellation$/);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Mia Monthly');
  await expect(page.getByRole('textbox', { name: 'Contact email' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Contact email' })).toHaveValue('mia.monthly@example.com');
  const submit = page.getByRole('button', { name: 'Cancel subscription' });

  await name.fill('');
  await submit.click();
  await expectErrors(page, ['Please enter your name.', 'Please agree to the terms first.']);
  await expectLinkFocuses(page, 'Please enter your name.', name);
  await expectLinkFocuses(page, 'Please agree to the terms first.', page.getByRole('checkbox'));

  await name.fill('   ');
  await submit.click();
  await expectErrors(page, ['Please enter your name.', 'Please agree to the terms first.']);

  const unique = `Limits ${Date.now()} `;
  await name.fill(unique.padEnd(81, 'n'));
  await expect(page.getByText('You have 1 character too many')).toBeVisible();
  await page.getByRole('checkbox').check();
  await submit.click();
  await expectErrors(page, ['Please enter your name within 80 characters.']);

  await name.fill(unique.padEnd(80, 'n'));
  await submit.click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');
  const [stored] = storedSurveys(unique.padEnd(80, 'n'));
  expect(stored?.payload.survey.first_question).toMatchObject({ answers: ['Other'], comment: 'a'.repeat(1500) });
  expect(stored?.payload.survey.third_question).toMatchObject({ answers: ['Yes'], comment: 's'.repeat(250) });
});

test('a limited box is checked on Continue, not while typing: past the limit it only counts the excess', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/social');
  await radio(page, 'Other').check();
  const other = page.getByRole('textbox', { name: 'Please tell us why you’re leaving' });
  await other.fill('a'.repeat(1498));
  // Keystrokes, not a paste: the last characters are typed one by one, past the limit.
  await other.press('End');
  await page.keyboard.type('bcde');
  await expect(other).toHaveValue(`${'a'.repeat(1498)}bcde`);
  await expect(page.locator('.count')).toHaveText('You have 2 characters too many');
  await expect(page.locator('.count')).toHaveClass(/count--over/);
  // Leaving the box is not a submit either.
  await page.keyboard.press('Tab');
  await expect(summary(page)).toHaveCount(0);
  await expect(page.locator('.error-message')).toHaveCount(0);
  await expect(page.getByText('Please enter your comment within 1500 characters.')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Error: /);

  await continueButton(page).click();
  await expectErrors(page, ['Please enter your comment within 1500 characters.']);
  await expect(other).toHaveValue(`${'a'.repeat(1498)}bcde`);
});

test('an answer that needs text asks for it, with its placeholder', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/ai');
  await radio(page, 'The product doesn’t fully meet my needs').check();
  await continueButton(page).click();
  await radio(page, 'The product needs improvements').check();
  const box = page.getByRole('textbox', { name: 'What should we improve?' });
  await expect(box).toHaveAttribute('placeholder', 'Please share your ideas and thoughts');
  await continueButton(page).click();
  await expectErrors(page, ['Please fill in this field.']);
  await expectLinkFocuses(page, 'Please fill in this field.', box);
  await box.fill('x'.repeat(1501));
  await continueButton(page).click();
  await expectErrors(page, ['Please enter your comment within 1500 characters.']);
  // Another answer hides the box; its text is kept for when the customer comes back to it.
  await radio(page, 'The price is too high').check();
  await expect(box).toHaveCount(0);
  await radio(page, 'The product needs improvements').check();
  await expect(box).toHaveValue('x'.repeat(1501));
  // The text of an answer not chosen is neither checked nor sent.
  await radio(page, 'The price is too high').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
});

test('the growth-kit form: a required reason, its limit and the agreement; no email', async ({ page }) => {
  const emailCalls = await answerEmailCalls(page);
  await signIn(page, 'paid-annual', '/cancel/growth-kit');
  await expect(heading(page)).toHaveText('Cancel your Growth Kit');
  const submit = page.getByRole('button', { name: 'Send cancellation request' });
  await submit.click();
  await expectErrors(page, ['Please enter a comment.', 'Please agree to the terms first.']);
  const reason = page.getByRole('textbox', { name: 'Why do you want to cancel the Growth Kit?' });
  await reason.fill('r'.repeat(1501));
  await page.getByRole('checkbox').check();
  await submit.click();
  await expectErrors(page, ['Please enter your comment within 1500 characters.']);
  const name = `Growth ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await reason.fill('We are moving agencies');
  await submit.click();
  await expect(heading(page)).toHaveText('Your cancellation request has been sent');
  await expect(page.getByText('Our team will process your request within 3 business days.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend email' })).toHaveCount(0);
  const [stored] = storedSurveys(name);
  expect(stored?.toolkit).toBe('growth-kit');
  expect(stored?.payload.survey).toEqual({
    first_question: {
      question: 'Why do you want to cancel the Growth Kit?',
      question_translated: 'Why do you want to cancel the Growth Kit?',
      answers: [],
      answers_translated: [],
      comment: 'We are moving agencies',
    },
  });
  expect(emailCalls).toEqual([]);
});

test('trial users are offered to keep their trial, paid users to stay', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/seo');
  await expect(page.getByRole('link', { name: 'I want to keep my trial subscription' })).toHaveAttribute('href', '/');
  await signIn(page, 'paid-annual', '/cancel/seo');
  await expect(page.getByRole('link', { name: 'I want to stay' })).toHaveAttribute('href', '/');
});

test('the closing form asks paid users for an optional comment, and never trial users', async ({ page }) => {
  const comment = (p: typeof page) => p.getByRole('textbox', { name: 'Have anything else to add?' });
  await signIn(page, 'paid-annual', '/cancel/content');
  await toClosingForm(page, `Comment paid ${Date.now()}`);
  await expect(comment(page)).toBeVisible();
  await expect(comment(page)).not.toHaveAttribute('required');
  await expect(page.locator('label', { hasText: 'Have anything else to add?' })).toContainText('(optional)');

  for (const route of ['content', 'all']) {
    await signIn(page, 'trial', `/cancel/${route}`);
    await toClosingForm(page, `Comment trial ${Date.now()}`);
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expect(page.getByText('Have anything else to add?')).toHaveCount(0);
    // Nor after a failed submit re-renders the form.
    await page.getByRole('textbox', { name: 'Name' }).fill('');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectErrors(page, ['Please enter your name.']);
    await expect(page.getByText('Have anything else to add?')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(2);
  }
});
