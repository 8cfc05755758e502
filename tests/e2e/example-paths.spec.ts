// Every path of the example survey (survey/examples/: a multi step and a rating before the closing
// form), for trial and paid customers, walked through the real page and server: the example server
// shows it on /cancel/seo. The payload stored must be the engine's for that path, path ids included.
import { buildPayload, currentStep, enumeratePaths, startSurvey, transition, type PathMove } from '../../src/engine';
import { AUDIENCES, type Audience, type CompiledSurvey, type SurveyPayload } from '../../src/model';
import { dataFor, enter, expectStep, submitStep } from './support/driver';
import { expect, test } from './support/fixtures';
import { storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, PERSONA_PRODUCT_GROUPS, signIn, type PersonaId } from './support/session';
import { exampleBundle } from './support/survey';

test.use({ baseURL: process.env.E2E_EXAMPLE_URL });

const binding = exampleBundle().toolkits.find((b) => b.route === 'seo');
const survey = binding && (exampleBundle().surveys[binding.survey] as CompiledSurvey | undefined);
const personas: Record<Audience, PersonaId> = { trial: 'trial', paid: 'paid-annual' };

/** Each path of the graph twice: with 7 chosen on the rating, and with the optional rating passed unanswered. */
function walks(audience: Audience): { name: string; moves: PathMove[]; rated: boolean }[] {
  if (!survey) return [];
  return enumeratePaths(survey, audience).flatMap((moves) => {
    const label = moves.map((m) => m.step).join(' > ');
    const rated = moves.map((m) => (m.step === 'come-back' ? { step: m.step, answer: '7' } : m));
    return [
      { name: `${label}, 7 chosen`, moves: rated, rated: true },
      { name: `${label}, no number chosen`, moves, rated: false },
    ];
  });
}

test('the example server shows the example survey on /cancel/seo', () => {
  expect(survey?.id).toBe('feedback-example');
});

for (const audience of AUDIENCES) {
  test.describe(`every ${audience} path of the example survey`, () => {
    for (const [index, walk] of walks(audience).entries()) {
      test(`${index + 1}: ${walk.name}`, async ({ page }) => {
        if (!survey || !binding) throw new Error('no example survey');
        const name = `Example ${audience} ${index + 1} ${Date.now()}`;
        await page.route('**/send-confirmation-email/', (route) => route.fulfill({ json: { sent: true } }));
        const persona = personas[audience];
        await signIn(page, persona, '/cancel/seo');

        let state = startSurvey(survey, audience);
        for (const move of walk.moves) {
          const step = currentStep(survey, state);
          expect(step.id).toBe(move.step);
          await expectStep(page, step, survey.indicatorSteps);
          // The optional rating is passed without a number on the unrated walk.
          const data = move.step === 'come-back' && !walk.rated ? {} : dataFor(step, move, name);
          await enter(page, step, data);
          await submitStep(page, step, data);
          state = transition(survey, state, { type: 'continue', data });
        }
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription has been canceled');

        const stored = storedSurveys(name, 'example');
        expect(stored).toHaveLength(1);
        const [{ payload }] = stored as [{ toolkit: string; payload: SurveyPayload }];
        const user = { email: PERSONA_EMAILS[persona], product_group: PERSONA_PRODUCT_GROUPS[persona] };
        expect(payload).toEqual(buildPayload(survey, state, { user, timestamp: payload.timestamp, toolkit: binding.toolkit, translate: (text) => text }));
      });
    }
  });
}

test("a multi step's own message: more ticks than its max are refused with it", async ({ page }) => {
  await signIn(page, personas.paid, '/cancel/seo');
  for (const text of ['Better reports', 'More integrations', 'Faster support', 'A lower price']) {
    await page.getByRole('checkbox', { name: text, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toContainText('Please choose at most 3 options.');
});
