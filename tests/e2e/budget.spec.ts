// The first-screen budget of /cancel/seo, measured in the browser on the production build: every
// script and stylesheet requested before the first step-1 radio is there, sized as the server
// sends them (gzip of the built files). Later screens, other languages and error tracking load later.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreen, FIRST_SCREEN_JS_TARGET, kb, MEASURED_ROUTES, STEP1_RADIO, totalSizes, watchFirstInput } from '../../scripts/bench/first-screen';
import { isStepOfType, LANGUAGES } from '../../src/model';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { bindingOf, surveyOf } from './support/survey';

/**
 * JS before the first interactive input, gzip: issue #7 set 160 KB, issue 18 140 KB on every route.
 * A survey page's budget stands just above where its first screen is (139,633 B) and goes down with
 * each gain (decision 122), up only by what a customer-facing fix costs, to 140 KB at most (decision
 * 192: the agreement’s notice, decision 193; the browser’s Forward, decision 194; the later chunks'
 * new names the first screen imports, decisions 216 and 218; the focus leaving a result, decision 219;
 * the skip link without a history entry, decision 220; the banner's word on an offer taken in another
 * tab, decision 222; the signed-out page's Sign in button, decision 230; the
 * banner's word on a session that ended, decision 232; the focus after Start the survey again, decision
 * 254; the focus after Try again on a failed load, decision 255), with 28 B for the hashed names of the chunks it
 * imports lazily, which any change to those chunks renames (decision 221). CSS at most 15 KB.
 */
const JS_BUDGET = 139_661;
const CSS_BUDGET = 15_000;

const read = (asset: string) => readFileSync(join(process.cwd(), 'dist/app/assets', asset), 'utf8');

test('/cancel/seo: the first screen stays within its JS and CSS budgets', async ({ page }, testInfo) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path)) encodings.set(path, response.headers()['content-encoding']);
  });
  await watchFirstInput(page, STEP1_RADIO);
  await signIn(page, 'paid-monthly', '/cancel/seo');
  const screen = await firstScreen(page);
  const js = totalSizes(screen.scripts);
  const css = totalSizes(screen.styles);
  const report = [
    `first step-1 radio after ${Math.round(screen.at)} ms (unthrottled)`,
    `JS  ${screen.scripts.length} files: ${kb(js.gzip)} gzip (${kb(js.raw)} raw, ${kb(js.brotli)} brotli); budget ${kb(JS_BUDGET)}`,
    `CSS ${screen.styles.length} files: ${kb(css.gzip)} gzip (${kb(css.raw)} raw); budget ${kb(CSS_BUDGET)}`,
    ...[...screen.scripts, ...screen.styles].map((asset) => `  ${asset}`),
  ].join('\n');
  await testInfo.attach('first-screen', { body: report, contentType: 'text/plain' });
  console.log(report);

  expect(js.gzip, report).toBeLessThanOrEqual(JS_BUDGET);
  expect(css.gzip, report).toBeLessThanOrEqual(CSS_BUDGET);

  // What the first screen does not need is not in it.
  const others = LANGUAGES.filter((language) => language !== 'en');
  const catalogs = screen.scripts.filter((asset) => others.some((language) => asset.startsWith(`chunks/${language}-`)));
  expect(catalogs, 'catalogs of other languages').toEqual([]);
  expect(screen.scripts.filter((asset) => /(MainPage|NoSubscriptionPage|ConfirmPage|Offer)/.test(asset)), 'other screens').toEqual([]);
  expect(screen.scripts.filter((asset) => /__SENTRY__|sentry\.javascript/.test(read(asset))), 'error tracking').toEqual([]);
  // Only the first step's validators (one per audience): the later steps' load once it shows.
  const survey = surveyOf(bindingOf('seo'));
  const firstSteps = Object.values(survey.audiences).map((flow) => flow.steps[flow.start]);
  const allowed = new Set(firstSteps.flatMap((step) => (step && !isStepOfType(step, 'offer') ? [step.form.validatorId] : [])));
  const validators = screen.scripts.map((asset) => /^chunks\/([0-9a-f]{12})-/.exec(asset)?.[1]).filter((id): id is string => id !== undefined);
  expect(validators.filter((id) => !allowed.has(id)), 'validators of later steps').toEqual([]);

  // Sent compressed (the build writes .br/.gz, the server picks by Accept-Encoding).
  for (const asset of [...screen.scripts, ...screen.styles]) {
    expect(encodings.get(`/cancel/assets/${asset}`), asset).toMatch(/^(br|gzip)$/);
  }

  // The page preloads the app, the survey screen and the English catalog once the server's screen
  // is painted (a template the page moves into its head), and nothing the first
  // screen does not load (src/server/preloads.ts).
  const html = await (await page.request.get('/cancel/seo')).text();
  const [head = '', deferred = ''] = html.split('<template id="deferred-preloads">');
  expect(head, 'nothing but the page shell’s own preloads in the head').not.toMatch(/SurveyPage-|\/start-|\/en-/);
  const preloaded = [...(deferred.split('</template>')[0] ?? '').matchAll(/<link rel="modulepreload" href="\/cancel\/assets\/([^"]+)">/g)].map((m) => m[1] ?? '');
  expect(preloaded.some((asset) => asset.startsWith('chunks/start-')), 'the app is preloaded').toBe(true);
  expect(preloaded.some((asset) => asset.startsWith('chunks/SurveyPage-')), 'the survey screen is preloaded').toBe(true);
  expect(preloaded.some((asset) => asset.startsWith('chunks/en-')), 'the English catalog is preloaded').toBe(true);
  expect(preloaded.filter((asset) => !screen.scripts.includes(asset)), 'preloaded but not needed first').toEqual([]);
});

/**
 * Every other route the bench measures, each screen once (/cancel/seo is the test above): a survey's
 * page within the survey budget; the others, which hold no RJSF and no step validators, within
 * issue 18's 140 KB (decision 127), which the survey budget is below too.
 */
for (const route of MEASURED_ROUTES.filter(({ path }) => path !== '/cancel/seo')) {
  const budget = route.survey ? JS_BUDGET : FIRST_SCREEN_JS_TARGET;
  test(`${route.path}: the JS before its first input stays within ${kb(budget)} gzip`, async ({ page }) => {
    await watchFirstInput(page, route.input);
    await signIn(page, route.persona, route.path);
    const screen = await firstScreen(page);
    const js = totalSizes(screen.scripts);
    const report = `${route.path}: ${screen.scripts.length} files, ${kb(js.gzip)} gzip; budget ${kb(budget)}\n${screen.scripts.map((asset) => `  ${asset}`).join('\n')}`;
    console.log(report);
    expect(screen.scripts.length, 'scripts before the first input').toBeGreaterThan(0);
    expect(js.gzip, report).toBeLessThanOrEqual(budget);
  });
}
