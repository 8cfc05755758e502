// The interface in all 14 languages (issue #6, spec §2): every screen of a walk through the survey
// shows the catalog's translation and no English text a translation exists for; the layout holds
// at 375px; only the page's own catalog chunk loads; a 'plan' page is English whatever the
// setting; the stored payload has the English texts and the customer's; the pseudo-locale works
// in development and nowhere else.
import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { readPo } from '../../scripts/i18n/po-file';
import { LANGUAGES, type Language } from '../../src/model';
import { loadCatalog, patternOf, type Catalog } from './support/catalog';
import { expect, test } from './support/fixtures';
import { storedSurveys } from './support/server-data';
import { signIn } from './support/session';

/** Texts that read the same in a language as in English on purpose: product and plan names, and a few words. */
const BRANDS = ['Growth Kit', 'Guru', 'Pro', 'SST'];
const SAME_AS_ENGLISH: Record<Language, string[]> = {
  en: [],
  de: ['(optional)', 'Name', ...BRANDS],
  es: ['Error:', 'Error: {pageName}', ...BRANDS],
  fr: BRANDS,
  it: BRANDS,
  ja: BRANDS,
  ko: BRANDS,
  nl: BRANDS,
  pl: BRANDS,
  pt: BRANDS,
  sv: BRANDS,
  tr: BRANDS,
  vi: BRANDS,
  zh: BRANDS,
};

const SCREENSHOTS = ['de', 'ja', 'ko', 'zh'];

/**
 * The faces each CJK language's text must be drawn in: its own Han glyph shapes (macOS, Windows,
 * Noto / Source Han). Another language's face, or no face at all (empty boxes), fails.
 */
const CJK_FACES: Partial<Record<Language, RegExp>> = {
  ja: /Hiragino|Yu Gothic|Meiryo|(CJK|Sans) JP\b/,
  ko: /Apple SD Gothic|Malgun|(CJK|Sans) KR\b/,
  zh: /PingFang|YaHei|(CJK|Sans) SC\b/,
};
const ANY_CJK_FACE = new RegExp(Object.values(CJK_FACES).map((face) => face.source).join('|'));

/** Each English source text with the pattern of its renderings. */
function englishSources(): { id: string; pattern: RegExp }[] {
  return readPo(readFileSync('locales/en/messages.po', 'utf8')).map((entry) => ({
    id: entry.msgid,
    pattern: new RegExp(`^${patternOf(compileMessage(entry.msgstr || entry.msgid))}$`),
  }));
}

/** Every text the customer can meet on the page: each element's text, labels for assistive technology, the title. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.closest('[hidden]')) continue;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text !== '' && text.length < 400) texts.add(text);
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) texts.add(value.trim());
      }
    }
    return [...texts];
  });
}

/** The texts on the page that are English although the catalog translates them. */
async function englishLeaks(page: Page, catalog: Catalog, sources: { id: string; pattern: RegExp }[]): Promise<string[]> {
  if (catalog.language === 'en') return [];
  const texts = await pageTexts(page);
  return texts.flatMap((text) => {
    const source = sources.find((s) => s.pattern.test(text) && catalog.translatedIds.has(s.id));
    return source ? [`'${text}' (English of '${source.id}')`] : [];
  });
}

/** The narrowest width a page must reflow to without scrolling sideways (WCAG 2.1, 1.4.10 Reflow). */
const REFLOW_WIDTH = 320;

/**
 * The layout holds at the phone width and at the reflow width: nothing wider than the screen, no
 * text spilling out of its box.
 */
async function expectLayoutHolds(page: Page, what: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport');
  await expectLayoutHoldsAtWidth(page, what);
  await page.setViewportSize({ ...viewport, width: REFLOW_WIDTH });
  await expectLayoutHoldsAtWidth(page, what);
  await page.setViewportSize(viewport);
}

async function expectLayoutHoldsAtWidth(page: Page, what: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll<HTMLElement>('h1, h2, legend, label, button, a, p, li, .button')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || element.getClientRects().length === 0 || style.position === 'absolute') continue;
      const box = element.getBoundingClientRect();
      if (box.right > window.innerWidth + 1) found.push(`'${element.textContent?.trim().slice(0, 40)}' ends at ${Math.round(box.right)}px`);
      if (style.overflow !== 'visible' && element.scrollWidth > element.clientWidth + 1) found.push(`'${element.textContent?.trim().slice(0, 40)}' is cut off`);
    }
    return found;
  });
  expect(problems, `${what}: layout at ${page.viewportSize()?.width}px`).toEqual([]);
}

/** The font families the browser drew the heading's text with (Chromium's own account of it). */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    // Each element reports the fonts of its own text nodes only, so ask the heading and everything in it.
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'h1, h1 *' });
    const families = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) families.add(font.familyName);
    }
    return [...families];
  } finally {
    await cdp.detach();
  }
}

/** A Chinese, Japanese or Korean heading is drawn in that language's own face, not another's, and not as empty boxes. */
async function expectOwnScript(page: Page, language: Language, what: string): Promise<void> {
  const face = CJK_FACES[language];
  if (!face) return;
  const fonts = await headingFonts(page);
  expect(fonts.some((family) => face.test(family)), `${what}: heading drawn in ${fonts.join(', ')}`).toBe(true);
  const foreign = fonts.filter((family) => ANY_CJK_FACE.test(family) && !face.test(family));
  expect(foreign, `${what}: heading drawn partly in another language's face`).toEqual([]);
}

/** Checks one screen: no English leaks, the layout holds, CJK text in its own face, and (German and CJK) a screenshot. */
async function checkScreen(page: Page, catalog: Catalog, sources: { id: string; pattern: RegExp }[], name: string): Promise<void> {
  expect(await englishLeaks(page, catalog, sources), `${catalog.language} ${name}: English texts`).toEqual([]);
  await expectLayoutHolds(page, `${catalog.language} ${name}`);
  await expectOwnScript(page, catalog.language, `${catalog.language} ${name}`);
  if (SCREENSHOTS.includes(catalog.language)) {
    await page.screenshot({ path: `tests/e2e/screenshots/i18n-${catalog.language}-${name}-375.png`, fullPage: true });
  }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test.describe('every language', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  const sources = englishSources();

  test('the catalogs differ from English only where the allow-list says so', () => {
    for (const language of LANGUAGES) {
      if (language === 'en') continue;
      const entries = readPo(readFileSync(`locales/${language}/messages.po`, 'utf8'));
      expect(entries.filter((e) => e.msgstr === e.msgid).map((e) => e.msgid).sort(), language).toEqual([...SAME_AS_ENGLISH[language]].sort());
    }
  });

  // Seven languages a test, each a step of its own: a browser context and its cold first load cost
  // more than a language's walk, and the two tests still share the workers.
  const halves = [LANGUAGES.slice(0, 7), LANGUAGES.slice(7)];
  for (const languages of halves) {
    test(`${languages.join(', ')}: the survey from the first screen to the confirmation, translated, at 375px and 320px`, async ({ page }) => {
      test.setTimeout(languages.length * 60_000);
      const catalogChunks = new Set<string>();
      page.on('request', (request) => {
        const chunk = /\/chunks\/(de|en|es|fr|it|ja|ko|nl|pl|pt|sv|tr|vi|zh|pseudo-LOCALE)-[A-Z0-9]+\.js$/.exec(request.url());
        if (chunk?.[1]) catalogChunks.add(chunk[1]);
      });
      // The email is not what this test is about, and the server rate-limits it per customer.
      await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
      for (const language of languages) {
        await test.step(language, async () => {
          const catalog = loadCatalog(language);
          const { t } = catalog;
          catalogChunks.clear();
          const name = `I18n ${language} ${Date.now()}`;

          // The main page lists the subscriptions by their translated names.
          await signIn(page, 'paid-annual', '/cancel', language);
          await expect(heading(page)).toHaveText(t('Which subscription do you want to cancel?'));
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('link', { name: t('SEO Toolkit'), exact: true })).toBeVisible();
          await checkScreen(page, catalog, sources, '01-main');

          // A confirmation link without its key.
          await page.goto('/cancel/seo/confirm-unsubscribe');
          await expect(heading(page)).toHaveText(t('This confirmation link is incomplete'));
          await checkScreen(page, catalog, sources, '02-link-incomplete');

          // Step 1, first without an answer.
          await page.goto('/cancel/seo');
          await expect(heading(page)).toHaveText(t('We’re sorry to see you go'));
          await expect(page.getByText(t('Step {current} of {total}', { current: 1, total: 4 }), { exact: true })).toBeVisible();
          await expect(page.getByRole('group', { name: t('Please let us know why you’re leaving') })).toBeVisible();
          await checkScreen(page, catalog, sources, '10-step1');
          await button(page, t('Continue')).click();
          await expect(page.getByRole('alert').filter({ hasText: t('There is a problem') })).toBeVisible();
          await expect(page.getByRole('link', { name: t('Please choose an option.') })).toBeVisible();
          await checkScreen(page, catalog, sources, '11-step1-error');

          // Step 2.
          await radio(page, t('I am satisfied with the product, but I don’t/can’t use it right now')).check();
          await button(page, t('Continue')).click();
          await expect(page.getByRole('group', { name: t('Why don’t you use it right now?') })).toBeVisible();
          await checkScreen(page, catalog, sources, '12-step2');
          await radio(page, t('I don’t have any projects to work on right now')).check();
          await button(page, t('Continue')).click();

          // Step 3 and 3.5, with the required text missing first.
          await expect(page.getByRole('group', { name: t('Are you going to use any other service instead?') })).toBeVisible();
          await radio(page, t('Yes')).check();
          await button(page, t('Continue')).click();
          await expect(heading(page)).toContainText(t('What services will they be?'));
          await button(page, t('Continue')).click();
          await expect(page.getByRole('link', { name: t('Please fill in this field.') })).toBeVisible();
          await checkScreen(page, catalog, sources, '14-step3.5-error');
          await page.getByRole('textbox').first().fill('Rival Suite');
          await button(page, t('Continue')).click();

          // Step 4, the closing form, without the agreement first.
          await expect(heading(page)).toContainText(t('Confirm the cancellation'));
          await page.getByRole('textbox', { name: t('Name'), exact: true }).fill(name);
          await button(page, t('Cancel subscription')).click();
          await expect(page.getByRole('link', { name: t('Please agree to the terms first.') })).toBeVisible();
          await checkScreen(page, catalog, sources, '16-step4-error');
          await page.getByRole('checkbox', { name: t("I agree that all my projects will be deleted after 30 days starting the day I'm unsubscribed.") }).check();
          await button(page, t('Cancel subscription')).click();

          // The final confirmation, with its countdown.
          await expect(heading(page)).toHaveText(t('Your subscription has been canceled'));
          await expect(page.getByText(t('We will send you a confirmation email shortly. In rare cases, the process may take up to 3 business days.'))).toBeVisible();
          await expect(page.locator('.resend-countdown')).toHaveText(catalog.pattern('{left, plural, one {You can resend the email in # second.} other {You can resend the email in # seconds.}}'));
          await checkScreen(page, catalog, sources, '18-confirmation');

          // Only the page's own catalog was downloaded.
          expect([...catalogChunks]).toEqual([language]);

          // The stored payload: English texts, and the texts the customer saw.
          const [stored] = storedSurveys(name);
          const survey = stored?.payload.survey;
          expect(survey?.first_question).toMatchObject({
            question: 'Please let us know why you’re leaving',
            question_translated: t('Please let us know why you’re leaving'),
            answers: ['I am satisfied with the product, but I don’t/can’t use it right now'],
            answers_translated: [t('I am satisfied with the product, but I don’t/can’t use it right now')],
          });
          expect(survey?.second_question).toMatchObject({
            question: 'Why don’t you use it right now?',
            question_translated: t('Why don’t you use it right now?'),
            answers: ['I don’t have any projects to work on right now'],
            answers_translated: [t('I don’t have any projects to work on right now')],
          });
          expect(survey?.third_question).toMatchObject({
            question: 'Are you going to use any other service instead?',
            question_translated: t('Are you going to use any other service instead?'),
            answers: ['Yes'],
            answers_translated: [t('Yes')],
            comment: 'Rival Suite',
          });
        });
      }
    });
  }
});

test('the English check finds English: the English page read against the German catalog', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/seo', 'en');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  const leaks = await englishLeaks(page, loadCatalog('de'), englishSources());
  expect(leaks).toEqual(expect.arrayContaining([expect.stringContaining("'We’re sorry to see you go'"), expect.stringContaining("'Continue'")]));
});

test('the script check finds a Japanese heading drawn in Chinese glyphs', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/seo', 'ja');
  await expect(heading(page)).toHaveText(loadCatalog('ja').t('We’re sorry to see you go'));
  await expectOwnScript(page, 'ja', 'ja');
  await heading(page).evaluate(async (h1) => {
    h1.style.fontFamily = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei'";
    // Drawn with the new face before the fonts are asked for: a busy machine may not have laid it out yet.
    h1.getBoundingClientRect();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await expect(expectOwnScript(page, 'ja', 'ja in a Chinese face')).rejects.toThrow(/heading drawn/);
});

test('a page whose URL contains plan is English whatever the language setting', async ({ page }) => {
  const de = loadCatalog('de');
  await signIn(page, 'sst-admin', '/cancel/plan', 'de');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(button(page, 'Continue')).toBeVisible();
  // The same customer's other pages are German.
  await page.goto('/cancel/sst/confirm-unsubscribe');
  await expect(heading(page)).toHaveText(de.t('This confirmation link is incomplete'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('a language we do not ship is English', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/seo', 'de');
  await page.route('**/cancel/seo', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/<html lang="de"/, '<html lang="ru"') });
  });
  await page.goto('/cancel/seo');
  await expect(heading(page)).toHaveText('We’re sorry to see you go');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('the pseudo-locale', () => {
  test('shows with ?lang=pseudo in development, for the tab, until another ?lang', async ({ page }) => {
    await signIn(page, 'paid-annual', '/cancel/seo?lang=pseudo', 'de');
    await expect(heading(page)).toHaveText(/^⟦[^⟧]+·+⟧$/);
    await expect(heading(page)).not.toContainText('sorry');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    // Every text went through Lingui: none is left without its brackets.
    const bare = await page.evaluate(() =>
      [...document.querySelectorAll('h1, legend, label, button')].map((e) => e.textContent?.trim() ?? '').filter((text) => text !== '' && !/^⟦.*⟧/.test(text)),
    );
    expect(bare).toEqual([]);
    await page.goto('/cancel/seo');
    await expect(heading(page)).toHaveText(/^⟦/);
    await page.goto('/cancel/seo?lang=de');
    await expect(heading(page)).toHaveText(loadCatalog('de').t('We’re sorry to see you go'));
  });

  test('is never used where the server does not allow it, as in production', async ({ page }) => {
    await signIn(page, 'paid-annual', '/cancel', 'de');
    await page.route('**/cancel/seo?lang=pseudo', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/<meta name="i18n-pseudo-locale"[^>]*>/, '') });
    });
    await page.goto('/cancel/seo?lang=pseudo');
    await expect(heading(page)).toHaveText(loadCatalog('de').t('We’re sorry to see you go'));
  });
});
