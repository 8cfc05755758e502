// Screens the server renders into the page's HTML (src/ssr): the page shows them before any script
// runs, in the customer's language, and the app hydrates them: the same elements, no hydration
// error (the fixture fails a test on any console error), its effects running.
import type { Page, Route } from '@playwright/test';
import { untilPageListens } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

const MAIN_SCRIPT = /\/cancel\/assets\/main-[A-Z0-9]+\.js$/;
const HEADING_DE = 'Sie haben kein aktives Marketlane-Abonnement';

/** Holds the page's main script back until the returned function lets it go: the server's screen, not yet hydrated. */
async function holdMainScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(MAIN_SCRIPT, async (route: Route) => {
    await held;
    // The request of a page that has gone meanwhile (a reload) is not there to go on.
    await route.fallback().catch(() => undefined);
  });
  return release;
}

test('no-subscription: in the HTML response, shown with scripts off, in the customer’s language', async ({ page, browser, baseURL }) => {
  await signIn(page, 'no-subscription', '/cancel/no-subscription', 'de');
  const html = await (await page.request.get('/cancel/no-subscription')).text();
  expect(html).toContain(`<h1 class="heading-l">${HEADING_DE}</h1>`);
  expect(html).toContain('<script type="application/json" id="first-screen">{"locale":"de"}</script>');

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await context.addCookies(await page.context().cookies());
    const noScript = await context.newPage();
    await noScript.goto('/cancel/no-subscription');
    await expect(noScript.getByRole('heading', { level: 1 })).toHaveText(HEADING_DE);
    await expect(noScript.getByRole('link', { name: 'Support kontaktieren' })).toHaveAttribute('href', '/kb/support/');
  } finally {
    await context.close();
  }
});

test('no-subscription: the app hydrates the server’s elements rather than drawing new ones', async ({ page }) => {
  await signIn(page, 'no-subscription', '/cancel');
  const release = await holdMainScript(page);
  await page.goto('/cancel/no-subscription', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('You don’t have an active Marketlane subscription');
  // Before the app runs: the server's heading, marked.
  await heading.evaluate((element) => element.setAttribute('data-from-server', ''));
  expect(await page.title()).toBe('Marketlane');
  release();
  // The app ran (its effect named the page) and kept the marked element.
  await expect(page).toHaveTitle('You don’t have an active Marketlane subscription – Marketlane');
  await expect(page.locator('h1[data-from-server]')).toHaveCount(1);
});

test('no-subscription in the pseudo-locale: the page draws its own screen over the server’s English one', async ({ page }) => {
  await signIn(page, 'no-subscription', '/cancel/no-subscription?lang=pseudo');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('You don’t have an active Marketlane subscription');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
});

test('no-subscription works with its script blocked: the server’s screen stays, with no notice that the code did not run', async ({ page, guard }) => {
  guard.allow(/ERR_FAILED/);
  await signIn(page, 'no-subscription', '/cancel');
  await page.route(MAIN_SCRIPT, (route) => route.abort());
  await page.goto('/cancel/no-subscription');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You don’t have an active Marketlane subscription');
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  await expect(page.locator('.boot-failure')).toHaveCount(0);
});

test('survey: the HTML response holds step 1’s question and radios for a paid customer, and the trial’s answers for a trial customer', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel');
  const paid = await (await page.request.get('/cancel/seo')).text();
  expect(paid).toContain('<h1 id="step-heading" tabindex="-1" class="heading-xl">We’re sorry to see you go</h1>');
  expect(paid).toContain('Please let us know why you’re leaving');
  expect(paid.match(/<input class="radios__input"[^>]* type="radio"[^>]* name="root_answer"/g)).toHaveLength(4);

  await signIn(page, 'trial', '/cancel');
  const trial = await (await page.request.get('/cancel/ai')).text();
  // The trial's own answer, which paid customers are not asked.
  expect(trial).toContain('>I’m not sure if I need it</label>');
  expect(paid).not.toContain('I’m not sure if I need it');
  expect(trial.match(/type="radio"[^>]* name="root_answer"/g)).toHaveLength(5);
});

test('survey: an answer chosen before the page is interactive is still chosen after it hydrates, and the answer order stays', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel');
  const release = await holdMainScript(page);
  await page.goto('/cancel/seo', { waitUntil: 'commit' });
  const radios = page.locator('main input[type="radio"]');
  await expect(radios).toHaveCount(4);
  const order = await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' }).check();
  await radios.first().evaluate((element) => element.setAttribute('data-from-server', ''));
  // Nothing listens yet: Continue cannot send the form natively (a reload that would lose the answer).
  const submit = page.locator('form.step-form button[type="submit"]');
  await expect(submit).toBeDisabled();
  release();
  await expect(submit).toBeEnabled();
  await expect(page).toHaveTitle(/^Step 1 of 4: We’re sorry to see you go – Marketlane$/);
  await expect(page.locator('main input[data-from-server]')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' })).toBeChecked();
  expect(await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(order);
  // The answer counts: Continue takes it on.
  await submit.click();
  await expect(page).toHaveURL(/[?&]step=what-could-be-better(&|$)/);
});

test('survey: Continue pressed before the page listens reloads nothing, and is sent with the answer once the page listens', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel');
  const release = await holdMainScript(page);
  // The page's first script has run once it asks for the user.
  const earlyRan = page.waitForRequest(/\/cancel\/api\/get-context\//);
  await page.goto('/cancel/seo', { waitUntil: 'commit' });
  await earlyRan;
  await page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' }).check();
  const submit = page.locator('form.step-form button[type="submit"]');
  // In the tab order, marked as not answering yet.
  await submit.focus();
  await expect(submit).toBeFocused();
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' })).toBeChecked();
  await expect(page).toHaveURL(/\/cancel\/seo$/);
  release();
  await expect(page).toHaveURL(/[?&]step=what-could-be-better(&|$)/);
});

test('survey: an answer chosen before the page listens survives a reload before it listens', async ({ page }) => {
  await signIn(page, 'paid-monthly', '/cancel');
  const release = await holdMainScript(page);
  await page.goto('/cancel/seo', { waitUntil: 'commit' });
  const answer = page.getByRole('radio', { name: 'The product doesn’t fully meet my needs' });
  await answer.check();
  // The code of the page has not run: only its first script saw the answer.
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('main input[type="radio"]').first()).toBeAttached();
  release();
  await untilPageListens(page);
  await expect(answer).toBeChecked();
  // The note is taken once: a later load of the page starts from the tab's saved answers alone.
  expect(await page.evaluate(() => sessionStorage.getItem('cancel:entered-before-listening'))).toBeNull();
  // The answer counts, and is kept as any other: Continue takes it on.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/[?&]step=what-could-be-better(&|$)/);
});

/** The page's requests for the code that enters again what was entered before the page listened. */
function enteredEarlyRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/entered-early-[A-Z0-9]+\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}


// growth-kit opens on a form with a box (the agreement) that has no value attribute.
test('survey with a box: with nothing entered before the page listens, no code to enter it again is fetched', async ({ page }) => {
  const requests = enteredEarlyRequests(page);
  await signIn(page, 'paid-annual', '/cancel/growth-kit');
  await untilPageListens(page);
  await expect(page.locator('#root_agreement')).not.toBeChecked();
  expect(requests).toEqual([]);
});

test('survey with a box: a box ticked before the page listens is still ticked after it hydrates', async ({ page }) => {
  const requests = enteredEarlyRequests(page);
  await signIn(page, 'paid-annual', '/cancel');
  const release = await holdMainScript(page);
  await page.goto('/cancel/growth-kit', { waitUntil: 'commit' });
  await page.locator('#root_agreement').check();
  release();
  await untilPageListens(page);
  await expect(page.locator('#root_agreement')).toBeChecked();
  expect(requests).toHaveLength(1);
});

test('confirm page: the HTML response holds the page frame and its waiting placeholder, which the app hydrates before it confirms', async ({ page, guard }) => {
  guard.allow(/status of 404/);
  const url = '/cancel/seo/confirm-unsubscribe?key=not-a-real-key';
  await signIn(page, 'paid-monthly', '/cancel');
  const html = await (await page.request.get(url)).text();
  const root = /<div id="root">(.*)<\/div>\n<script type="application\/json" id="first-screen">/s.exec(html)?.[1] ?? '';
  expect(root).toContain('<header class="header">');
  expect(root).toContain('<div class="placeholder" aria-busy="true"></div>');
  // It needs its script to confirm: the page carries the notice for when it does not run.
  expect(html).toContain('<template id="boot-failure">');

  const release = await holdMainScript(page);
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.locator('#root .placeholder')).toHaveCount(1);
  await page.locator('header.header').evaluate((element) => element.setAttribute('data-from-server', ''));
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This confirmation link is not valid');
  await expect(page.locator('header[data-from-server]')).toHaveCount(1);
});
