// Error tracking against the reference server's development collector (/dev/sentry): each failed
// call of spec §8 arrives as one event with its label, noise that matches the ignore patterns not
// at all, and no event, breadcrumb or span carries the confirmation key, the CSRF token, an email
// address or anything the customer typed. Sentry stays out of the first screen's code, and a page
// without a DSN sends nothing.
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { confirmationLink } from './support/mail';
import { banner, cancelButton, toClosingForm } from './support/quick';
import { PERSONA_EMAILS, signIn, type PersonaId } from './support/session';

interface CollectedItem {
  type: string;
  payload: {
    tags?: Record<string, string>;
    environment?: string;
    request?: { url?: string };
    exception?: { values: { type?: string; value?: string }[] };
  };
}

const CONSOLE_500 = /status of 500/;

/** What this browser session sent to the collector (all item types, or one). */
async function collected(page: Page, type?: string): Promise<CollectedItem[]> {
  const response = await page.request.get(`/dev/sentry/events.json?session=current${type ? `&type=${type}` : ''}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CollectedItem[];
}

const labelled = async (page: Page, label: string) => (await collected(page, 'event')).filter((item) => item.payload.tags?.label === label);

/**
 * Waits for the event labelled `label`, then checks that it came once. A failed call's message
 * starts with its label too (the ApiError says which call failed).
 */
async function expectOneEvent(page: Page, label: string, { labelInMessage = true } = {}): Promise<CollectedItem> {
  await expect.poll(async () => (await labelled(page, label)).length, { timeout: 15_000, message: `an event labelled '${label}'` }).toBeGreaterThan(0);
  // Anything sent twice would have arrived by now.
  await page.waitForTimeout(1000);
  const events = await labelled(page, label);
  expect(events, `events labelled '${label}'`).toHaveLength(1);
  const [event] = events;
  if (!event) throw new Error('unreachable');
  // The failure itself comes last (Sentry lists its cause before it).
  if (labelInMessage) expect(event.payload.exception?.values.at(-1)?.value ?? '').toContain(label);
  expect(event.payload.environment).toBe('production');
  return event;
}

const fail500 = (route: Route) => route.fulfill({ status: 500, json: { error: 'internal-error', message: 'Something went wrong on the server.' } });

/** Fails the first matching call with a 500 and lets the rest through. */
async function failOnce(page: Page, url: string): Promise<void> {
  let failed = false;
  await page.route(url, async (route) => {
    if (failed) return route.fallback();
    failed = true;
    return fail500(route);
  });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

test.describe('each failed call of spec §8 sends one event with its label', () => {
  const loading: { call: string; url: string; label: string }[] = [
    { call: 'get-context', url: '**/cancel/api/get-context/', label: "User data wasn't received" },
    { call: 'get-csrf-token', url: '**/cancel/api/get-csrf-token/', label: "CSRF token wasn't received" },
  ];
  for (const { call, url, label } of loading) {
    test(call, async ({ page, guard }) => {
      guard.allow(CONSOLE_500);
      await failOnce(page, url);
      await signIn(page, 'paid-annual', '/cancel/content');
      await expect(banner(page)).toBeVisible();
      await expectOneEvent(page, label);
    });
  }

  const submitting: { call: string; url: string; persona: PersonaId; route: string; label: string }[] = [
    { call: 'survey-storage', url: '**/survey-storage/survey-monitoring/', persona: 'paid-annual', route: 'local', label: "Survey didn't send to survey storage" },
    { call: 'send-confirmation-email', url: '**/send-confirmation-email/', persona: 'paid-annual', route: 'ai', label: 'Send confirmation email was failed' },
    { call: 'send-confirmation-email on the trends page', url: '**/send-confirmation-email/', persona: 'paid-annual', route: 'traffic-and-market', label: 'Trends: Send confirmation email was failed' },
    { call: 'send-confirmation-email on the sst page', url: '**/send-confirmation-email/', persona: 'sst-admin', route: 'plan', label: 'SST: Send confirmation email was failed' },
  ];
  for (const { call, url, persona, route, label } of submitting) {
    test(call, async ({ page, guard }) => {
      guard.allow(CONSOLE_500);
      // The failing call answers 500; a send that is not the one failing is answered without mailing.
      await page.route('**/send-confirmation-email/', (r) => (url.includes('send-confirmation-email') ? fail500(r) : r.fulfill({ json: { sent: true } })));
      if (!url.includes('send-confirmation-email')) await failOnce(page, url);
      await signIn(page, persona, `/cancel/${route}`);
      await toClosingForm(page, `Monitoring ${call} ${Date.now()}`);
      await cancelButton(page).click();
      await expect(banner(page)).toBeVisible();
      await expectOneEvent(page, label);
    });
  }

  /** Opens the seo page as the eligible customer, with eligibility answered as `result`. */
  async function openOffers(page: Page, eligibility: (route: Route) => Promise<void>) {
    await page.route('**/cancel/api/seo/eligible-for-offer/', eligibility);
    await signIn(page, 'paid-monthly', '/cancel/seo');
    await expect(heading(page)).toHaveText('We’re sorry to see you go');
  }
  const eligible = (route: Route) => route.fulfill({ json: { result: true } });

  test('eligible-for-offer (reported without the banner: the survey goes on without offers)', async ({ page, guard }) => {
    guard.allow(CONSOLE_500);
    await openOffers(page, fail500);
    await expectOneEvent(page, "Eligible for offer wasn't set");
    await expect(banner(page)).toHaveCount(0);
  });

  test('accept-offer', async ({ page, guard }) => {
    guard.allow(CONSOLE_500);
    await page.route('**/cancel/api/seo/accept-offer/', fail500);
    await openOffers(page, eligible);
    await radio(page, 'The product doesn’t fully meet my needs').check();
    await continueButton(page).click();
    await radio(page, 'The price is too high').check();
    await continueButton(page).click();
    await expect(heading(page)).toHaveText(/Stay with us and save 30%$/);
    await page.getByRole('button', { name: 'Accept offer', exact: true }).click();
    await expect(banner(page)).toBeVisible();
    await expectOneEvent(page, 'Accept offer was failed');
  });

  test('downgrade', async ({ page, guard }) => {
    guard.allow(CONSOLE_500);
    await page.route('**/cancel/api/seo/downgrade/**', fail500);
    await openOffers(page, eligible);
    await radio(page, 'I am satisfied with the product, but I don’t/can’t use it right now').check();
    await continueButton(page).click();
    await radio(page, 'It no longer fits my budget').check();
    await continueButton(page).click();
    await expect(heading(page)).toHaveText(/Switch to a smaller plan instead\?$/);
    await radio(page, 'Guru').check();
    await page.getByRole('button', { name: 'Switch plan', exact: true }).click();
    await expect(banner(page)).toBeVisible();
    await expectOneEvent(page, 'Downgrade subscription was failed');
  });

  test('a screen whose code chunk does not load, named in the event', async ({ page, guard }) => {
    guard.allow(/ERR_FAILED|dynamically imported module|Failed to fetch/);
    await page.route('**/cancel/assets/chunks/SurveyPage-*.js', (route) => route.abort('failed'));
    await signIn(page, 'paid-annual', '/cancel/content');
    await expect(banner(page)).toBeVisible();
    const event = await expectOneEvent(page, 'Screen failed to render', { labelInMessage: false });
    expect(event.payload.exception?.values.at(-1)).toMatchObject({ type: 'ChunkLoadError', value: expect.stringContaining('chunk failed to load: SurveyPage') });
  });
});

test('errors that match the ignore patterns send nothing', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/content');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  const control = `Control error ${Date.now()}`;
  await page.evaluate((controlMessage) => {
    const uncaught = (message: string) => window.dispatchEvent(new ErrorEvent('error', { error: new Error(message), message }));
    const rejected = (reason: unknown) => {
      const promise = Promise.reject(reason);
      promise.catch(() => undefined);
      window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason }));
    };
    rejected('Object Not Found Matching Id:3, MethodName:update, ParamCount:4');
    uncaught('avast submit is not a function');
    uncaught('ReferenceError: globalThis is not defined');
    uncaught('sm2 is not defined');
    rejected(new Error('object-not-found id'));
    uncaught(controlMessage);
  }, control);
  // The control error, sent after the noise, arrives; the noise does not.
  await expect
    .poll(async () => (await collected(page, 'event')).some((item) => item.payload.exception?.values.at(-1)?.value === control), { timeout: 15_000 })
    .toBe(true);
  await page.waitForTimeout(500);
  const values = (await collected(page, 'event')).map((item) => item.payload.exception?.values.at(-1)?.value);
  expect(values).toEqual([control]);
});

test('an error from before the app has started is reported once it has', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel');
  // The main script held back: the server's screen is painted, the page's first script has run, the app has not started.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/cancel\/assets\/main-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  const earlyRan = page.waitForRequest(/\/cancel\/api\/get-context\//);
  await page.goto('/cancel/content', { waitUntil: 'commit' });
  await earlyRan;
  const early = `Early error ${Date.now()}`;
  await page.evaluate((message) => window.dispatchEvent(new ErrorEvent('error', { error: new Error(message), message })), early);
  release();
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect
    .poll(async () => (await collected(page, 'event')).filter((item) => item.payload.exception?.values.at(-1)?.value === early).length, { timeout: 15_000 })
    .toBe(1);
});

test('no event, breadcrumb or span carries the key, the token, an email address or what the customer typed', async ({ page, guard }) => {
  test.slow();
  guard.allow(CONSOLE_500);
  const stamp = Date.now();
  const typed = {
    reason: `Zebra quartz reason ${stamp}`,
    services: `Rival Suite ${stamp}`,
    comment: `Private remark ${stamp}`,
    name: `Sam Private ${stamp}`,
  };
  // seo-only is not eligible for offers: the walk is reason (Other) → competitors → services → form.
  await signIn(page, 'seo-only', '/cancel/seo');
  await radio(page, 'Other').check();
  await page.getByRole('textbox', { name: 'Please tell us why you’re leaving' }).fill(typed.reason);
  // A debug log of what was typed, as a developer might leave one: console breadcrumbs are scrubbed too.
  await page.evaluate((text) => console.info('typed:', text, { text }), typed.reason);
  await continueButton(page).click();
  await radio(page, 'Yes').check();
  await continueButton(page).click();
  await page.getByRole('textbox').first().fill(typed.services);
  await continueButton(page).click();
  await expect(heading(page)).toContainText('Confirm the cancellation');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(typed.name);
  await page.getByRole('textbox', { name: 'Have anything else to add?' }).fill(typed.comment);
  await page.getByRole('checkbox').check();

  // The survey storage fails once, with an answer that echoes what was typed.
  let failed = false;
  await page.route('**/survey-storage/survey-monitoring/', async (route) => {
    if (failed) return route.fallback();
    failed = true;
    return route.fulfill({ status: 500, json: { error: 'internal-error', message: `could not store '${typed.reason}' for ${PERSONA_EMAILS['seo-only']}` } });
  });
  await cancelButton(page).click();
  await expect(banner(page)).toBeVisible();
  await expectOneEvent(page, "Survey didn't send to survey storage");
  await cancelButton(page).click();
  await expect(heading(page)).toHaveText('Your subscription has been canceled');

  // The emailed link carries the key; its confirm call fails once.
  const link = await confirmationLink(page.request, PERSONA_EMAILS['seo-only'], 'seo');
  const key = new URL(link, 'http://x').searchParams.get('key') ?? '';
  expect(key.length).toBeGreaterThan(15);
  await failOnce(page, '**/cancel/api/seo/confirm/**');
  await page.goto(link);
  await expect(banner(page)).toBeVisible();
  const confirmEvent = await expectOneEvent(page, 'Confirm unsubscribe request was failed');
  expect(confirmEvent.payload.request?.url ?? '').not.toContain(key);
  // Navigate on, so the page's spans and session are sent too.
  await page.goto('/cancel/no-subscription');
  await page.waitForTimeout(1500);

  const token = ((await (await page.request.get('/cancel/api/get-csrf-token/')).json()) as { csrf_token: string }).csrf_token;
  const everything = JSON.stringify(await collected(page));
  expect(everything.length).toBeGreaterThan(1000);
  const leaks = Object.entries({ ...typed, key, token })
    .filter(([, secret]) => everything.includes(secret))
    .map(([what]) => what);
  expect(leaks, 'secrets in what was sent').toEqual([]);
  expect(everything.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g) ?? [], 'email addresses in what was sent').toEqual([]);
});

test('Sentry is not in the first screen’s code: it loads after the first render, in its own chunk', async ({ page }) => {
  const meta = JSON.parse(readFileSync('dist/app-meta.json', 'utf8')) as {
    outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
  };
  // The page's entry, and the app's start it fetches first.
  const entries = Object.entries(meta.outputs)
    .filter(([, output]) => output.entryPoint === 'src/app/main.ts' || output.entryPoint === 'src/app/start.tsx')
    .map(([file]) => file);
  expect(entries).toHaveLength(2);
  const firstScreen = new Set<string>();
  const walk = (file: string) => {
    if (firstScreen.has(file)) return;
    firstScreen.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
  };
  entries.forEach(walk);
  const inputs = [...firstScreen].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
  expect(inputs.length).toBeGreaterThan(10);
  expect(inputs.filter((input) => input.includes('@sentry'))).toEqual([]);

  // In the browser: the language's messages load, the first screen renders, then Sentry's chunk.
  const order: string[] = [];
  page.on('request', (r) => {
    if (/\/chunks\/sentry-[A-Z0-9]+\.js$/.test(r.url())) order.push('sentry');
    if (/\/chunks\/en-[A-Z0-9]+\.js$/.test(r.url())) order.push('messages');
  });
  await signIn(page, 'paid-annual', '/cancel/content');
  await expect(heading(page)).toBeVisible();
  await expect.poll(() => order, { timeout: 10_000 }).toEqual(['messages', 'sentry']);
  await expect(page.locator('link[rel="modulepreload"][href*="sentry"]')).toHaveCount(0);
});

test('a page without a DSN loads no tracking and sends nothing', async ({ page, guard }) => {
  guard.allow(CONSOLE_500);
  const tracking: string[] = [];
  page.on('request', (r) => {
    if (/\/chunks\/sentry-|\/dev\/sentry\//.test(r.url())) tracking.push(r.url());
  });
  await page.route('**/cancel/content', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/<meta name="sentry-dsn"[^>]*>/, '') });
  });
  await signIn(page, 'paid-annual', '/cancel');
  await expect(heading(page)).toBeVisible();
  tracking.length = 0;
  await failOnce(page, '**/cancel/api/get-context/');
  await page.goto('/cancel/content');
  await expect(banner(page)).toBeVisible();
  // The failure is still logged with its label, only not sent.
  expect(guard.reported()).toEqual(["User data wasn't received"]);
  await page.waitForTimeout(2500);
  expect(tracking).toEqual([]);
});
