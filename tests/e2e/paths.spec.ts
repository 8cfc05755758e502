// Every path of the compiled survey graph, for trial and paid users, walked through the UI to the
// final confirmation, with the payload the server stored compared to the engine's for that path.
// These are the paths without retention offers: on the pages that have offers (seo, all-at-once)
// they are walked by a persona the server finds not eligible. offers.spec.ts walks the offer paths.
import { buildPayload, currentStep, enumeratePaths, startSurvey, toolkitHasOffers, transition, type PathMove } from '../../src/engine';
import { AUDIENCES, type Audience, type SurveyPayload, type ToolkitBinding } from '../../src/model';
import { dataFor, enter, expectStep, submitStep } from './support/driver';
import { expect, test } from './support/fixtures';
import { storedSurveys } from './support/server-data';
import { PERSONA_EMAILS, PERSONA_PRODUCT_GROUPS, signIn, type PersonaId } from './support/session';
import { bundle, surveyOf } from './support/survey';

const pages = bundle().toolkits.filter((b) => b.survey === 'cancellation');
/** The sst plan is cancelled by an SST admin, a paid account. */
const pagesFor = (audience: Audience) => (audience === 'trial' ? pages.filter((b) => b.access.kind !== 'sst-permission') : pages);
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

for (const audience of AUDIENCES) {
  const survey = surveyOf(pages[0] as ToolkitBinding);
  const paths = enumeratePaths(survey, audience);

  test.describe(`every ${audience} path`, () => {
    paths.forEach((path, index) => {
      const { binding, persona } = pageAndPersona(audience, index);
      test(`${index + 1}/${paths.length} on /cancel/${binding.route}: ${describePath(path)}`, async ({ page }) => {
        const name = `Path ${audience} ${index + 1} ${Date.now()}`;
        // The email call is answered here: the server allows one email a minute per toolkit and
        // account, and the email round trip has its own spec. The survey goes to the real server.
        const emailCalls: Record<string, string>[] = [];
        await page.route('**/send-confirmation-email/', async (route) => {
          emailCalls.push(route.request().headers());
          await route.fulfill({ json: { sent: true } });
        });
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
        expect(emailCalls).toHaveLength(1);
        expect(emailCalls[0]?.['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
        expect(emailCalls[0]?.['x-csrftoken']).toBeTruthy();
      });
    });
  });
}
