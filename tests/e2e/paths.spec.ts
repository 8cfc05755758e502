// The paths of the compiled survey graph, for trial and paid users, walked through the UI to the
// final confirmation, with the payload the server stored compared to the engine's for that path.
// The browser walks a set of paths that together take every answer of every step to where it leads
// (and every toolkit page); a path adds nothing in the browser once its every move was walked, so
// every path as a whole is stored through the API instead (tests/server/survey-answers.test.ts,
// where the server replays each one). These are the paths without retention offers: on the pages
// that have offers (seo, all-at-once) they are walked by a persona the server finds not eligible.
// offers.spec.ts walks the offer paths.
import { buildPayload, currentStep, enumeratePaths, startSurvey, toolkitHasOffers, transition, type PathMove } from '../../src/engine';
import { AUDIENCES, type Audience, type SurveyPayload, type ToolkitBinding } from '../../src/model';
import { entry } from '../server/helpers/fixtures';
import { dataFor, enter, expectStep, radio, submitStep } from './support/driver';
import { expect, test } from './support/fixtures';
import { answerEmailCalls } from './support/forms';
import { storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, PERSONA_PRODUCT_GROUPS, signIn, type PersonaId } from './support/session';
import { bundle, surveyOf } from './support/survey';

const pages = bundle().toolkits.filter((b) => b.survey === 'cancellation');
/** The sst plan is cancelled by an SST admin, a paid account. */
const pagesFor = (audience: Audience) => (audience === 'trial' ? pages.filter((b) => b.access.kind !== 'sst-permission') : pages);
/** Fewer than any audience's pages, so the paths of one test are on different pages. */
const PATHS_PER_TEST = 4;
const describePath = (path: PathMove[]) => path.map((m) => (m.answer ? `${m.step}=${m.answer}` : m.step)).join(' > ');

/** Spreads the paths over the pages and personas, so every toolkit page is walked. */
function pageAndPersona(audience: Audience, index: number): { binding: ToolkitBinding; persona: PersonaId } {
  const candidates = pagesFor(audience);
  const binding = candidates[index % candidates.length] as ToolkitBinding;
  if (binding.access.kind === 'sst-permission') return { binding, persona: 'sst-admin' };
  if (audience === 'trial') return { binding, persona: 'trial' };
  // paid-monthly is eligible for the offers, which would change the path; paid-annual is not.
  if (toolkitHasOffers(surveyOf(binding), binding.toolkit)) return { binding, persona: 'paid-annual' };
  return { binding, persona: index % 2 === 0 ? 'paid-monthly' : 'paid-annual' };
}

/** Each move of a path with where it leads: `step=answer>next`. */
const movesOf = (path: PathMove[]) =>
  path.map((move, i) => `${move.step}=${move.answer ?? (move.answers ?? []).join('+')}>${path[i + 1]?.step ?? 'end'}`);

/**
 * Paths that together make every move of `paths` (greedily, the path with the most moves not walked
 * yet first), then more of the others until there are `atLeast`: every answer's way in the browser.
 */
function coveringPaths(paths: PathMove[][], atLeast: number): PathMove[][] {
  const walked = new Set<string>();
  const chosen: PathMove[][] = [];
  const fresh = (path: PathMove[]) => movesOf(path).filter((move) => !walked.has(move)).length;
  for (let best = paths[0]; best !== undefined && fresh(best) > 0; ) {
    chosen.push(best);
    movesOf(best).forEach((move) => walked.add(move));
    best = [...paths].sort((a, b) => fresh(b) - fresh(a))[0];
  }
  for (const path of paths) if (chosen.length < atLeast && !chosen.includes(path)) chosen.push(path);
  return chosen;
}

for (const audience of AUDIENCES) {
  const survey = surveyOf(pages[0] as ToolkitBinding);
  const every = enumeratePaths(survey, audience);
  const paths = coveringPaths(every, pagesFor(audience).length);

  test(`the ${audience} paths walked in the browser make every move of the ${every.length} paths`, () => {
    const all = new Set(every.flatMap(movesOf));
    expect(new Set(paths.flatMap(movesOf))).toEqual(all);
    expect(new Set(paths.map((_path, index) => pageAndPersona(audience, index).binding.route))).toEqual(new Set(pagesFor(audience).map((b) => b.route)));
    expect(PATHS_PER_TEST).toBeLessThanOrEqual(pagesFor(audience).length);
  });

  // A few paths to a test, each on its own page route (so no saved survey of one meets the next),
  // each a step that names it: a browser context of its own per path would cost more than its walk.
  test.describe(`every ${audience} move`, () => {
    test.setTimeout(90_000);
    for (let first = 0; first < paths.length; first += PATHS_PER_TEST) {
      const indices = paths.map((_path, index) => index).slice(first, first + PATHS_PER_TEST);
      test(`paths ${first + 1}–${first + indices.length} of ${paths.length}`, async ({ page }) => {
        // The email call is answered here: the server allows one email a minute per toolkit and
        // account, and the email round trip has its own spec. The survey goes to the real server.
        const emailCalls: Record<string, string>[] = [];
        await page.route('**/send-confirmation-email/', async (route) => {
          emailCalls.push(route.request().headers());
          await route.fulfill({ json: { sent: true } });
        });
        for (const index of indices) {
          const path = paths[index] as PathMove[];
          const { binding, persona } = pageAndPersona(audience, index);
          await test.step(`${index + 1}/${paths.length} on /cancel/${binding.route}: ${describePath(path)}`, async () => {
            const name = `Path ${audience} ${index + 1} ${Date.now()}`;
            const callsBefore = emailCalls.length;
            const started = new Date();
            await signIn(page, persona, `/cancel/${binding.route}`);

            let state = startSurvey(survey, audience);
            for (const move of path) {
              const step = currentStep(survey, state);
              expect(step.id).toBe(move.step);
              await expectStep(page, step, survey.indicatorSteps);
              const data = dataFor(step, move, name);
              await enter(page, step, data);
              await submitStep(page, step, data);
              state = transition(survey, state, { type: 'continue', data });
            }
            await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');
            await expect(page).toHaveURL(new RegExp(`/cancel/${binding.route}\\?step=done$`));

            const stored = storedSurveys(name);
            expect(stored).toHaveLength(1);
            const [{ toolkit, payload }] = stored as [{ toolkit: string; payload: SurveyPayload }];
            expect(toolkit).toBe(binding.toolkit);
            const loadedAt = Date.parse(payload.timestamp);
            expect(loadedAt).toBeGreaterThanOrEqual(started.getTime() - 1000);
            expect(loadedAt).toBeLessThanOrEqual(Date.now());
            const user = { email: PERSONA_EMAILS[persona], product_group: PERSONA_PRODUCT_GROUPS[persona] };
            expect(payload).toEqual(
              buildPayload(survey, state, { user, timestamp: payload.timestamp, toolkit: binding.toolkit, translate: (text) => text }),
            );
            const calls = emailCalls.slice(callsBefore);
            expect(calls).toHaveLength(1);
            expect(calls[0]?.['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
            expect(calls[0]?.['x-csrftoken']).toBeTruthy();
          });
        }
      });
    }
  });
}

// The payload written out by hand from spec §3 and survey/cancellation.yaml, one path per audience,
// so the check does not rest on the engine's buildPayload (the code under test) alone.
test.describe('the stored payload, written out by hand (spec §3)', () => {
  const continueButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Continue', exact: true });
  const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

  /** The only stored submission named `name`, its timestamp checked to be when the user was loaded. */
  function storedOnce(name: string, started: number): SurveyPayload {
    const stored = storedSurveys(name);
    expect(stored).toHaveLength(1);
    const payload = stored[0]?.payload as SurveyPayload;
    expect(payload.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.parse(payload.timestamp)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(payload.timestamp)).toBeLessThanOrEqual(Date.now());
    return payload;
  }

  test('paid: Other with its text, Yes with the services (3.5), and the closing comment', async ({ page }) => {
    await answerEmailCalls(page);
    const name = `Hand paid ${Date.now()}`;
    const started = Date.now();
    await signIn(page, 'paid-annual', '/cancel/content');
    await radio(page, 'Other').check();
    await page.getByRole('textbox', { name: 'Please tell us why you’re leaving' }).fill('We built our own dashboards');
    await continueButton(page).click();
    await expect(heading(page)).toHaveText(/Are you going to use any other service instead\?$/);
    await radio(page, 'Yes').check();
    await continueButton(page).click();
    await page.getByRole('textbox', { name: 'What services will they be?' }).fill('Rival Suite, Other Tool');
    await continueButton(page).click();
    await expect(heading(page)).toHaveText(/Confirm the cancellation$/);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Have anything else to add?' }).fill('Thanks for the years');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(heading(page)).toHaveText('Your subscription has been canceled');

    const payload = storedOnce(name, started);
    expect(payload).toEqual({
      timestamp: payload.timestamp,
      name,
      email: 'anton.annual@example.com',
      accepted_terms: true,
      toolkit: 'content',
      survey: {
        first_question: entry('Please let us know why you’re leaving', ['Other'], 'We built our own dashboards'),
        // 'Other' on step 1 goes straight to the competitors question: no second question.
        third_question: entry('Are you going to use any other service instead?', ['Yes'], 'Rival Suite, Other Tool'),
        fourth_question: entry('Have anything else to add?', [], 'Thanks for the years'),
      },
      path: [{ step: 'reason', answer: 'other' }, { step: 'competitors', answer: 'will-use-other' }, { step: 'other-services' }, { step: 'final' }],
    });
  });

  test('trial: not sure I need it, what makes me unsure, not sure yet; no comment field', async ({ page }) => {
    await answerEmailCalls(page);
    const name = `Hand trial ${Date.now()}`;
    const started = Date.now();
    await signIn(page, 'trial', '/cancel/social');
    await radio(page, 'I’m not sure if I need it').check();
    await continueButton(page).click();
    await radio(page, 'It takes too much time to get started').check();
    await continueButton(page).click();
    await radio(page, 'Not sure yet').check();
    await continueButton(page).click();
    await expect(heading(page)).toHaveText(/Confirm the cancellation$/);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(heading(page)).toHaveText('Your subscription has been canceled');

    const payload = storedOnce(name, started);
    expect(payload).toEqual({
      timestamp: payload.timestamp,
      name,
      email: 'tara.trial@example.com',
      accepted_terms: true,
      toolkit: 'social',
      survey: {
        first_question: entry('Please let us know why you’re leaving', ['I’m not sure if I need it']),
        second_question: entry('What makes you unsure?', ['It takes too much time to get started']),
        third_question: entry('Are you going to use any other service instead?', ['Not sure yet']),
      },
      path: [
        { step: 'reason', answer: 'not-sure-need' },
        { step: 'why-not-sure', answer: 'takes-too-much-time' },
        { step: 'competitors', answer: 'not-sure-yet' },
        { step: 'final' },
      ],
    });
  });
});
