// Test support: walks a path of enumeratePaths through transition(), entering plausible data.
import type { CompiledSurvey, CompiledStep } from '../../../src/model';
import { currentStep, kindOf, startSurvey, transition, type PathMove, type SampleFill, type StepData, type SurveyState } from '../../../src/engine';
import type { Audience, StepId } from '../../../src/model';

/** BUSINESS: the product group that is offered smaller plans (Guru, Pro). */
export const USER = { email: 'ann@example.com', name: 'Ann Example', product_group: 'BUSINESS' };

/** What the walk types: a reason per answer box, the services of 3.5, the name with blanks to trim. */
const FILL: SampleFill = {
  box: (_input, answer) => (answer === undefined ? '  Rival Suite, Other Tool  ' : `Because of ${answer}`),
  name: ` ${USER.name} `,
  email: USER.email,
  comment: () => 'Thanks for everything',
};

/** The data a customer would enter on `step` to take `move`. */
export function dataFor(step: CompiledStep, move: PathMove): StepData {
  return kindOf(step).sampleData(step, move, FILL);
}

/**
 * The state after taking every move of `path`, asserting each move is on the current step.
 * `offers` are the offer steps the customer may be shown, as the eligibility call would set them.
 */
export function walk(survey: CompiledSurvey, audience: Audience, path: PathMove[], offers: readonly StepId[] = []): SurveyState {
  let state = startSurvey(survey, audience, () => 0.5);
  if (offers.length > 0) state = transition(survey, state, { type: 'offers', available: [...offers] });
  for (const move of path) {
    const step = currentStep(survey, state);
    if (step.id !== move.step) throw new Error(`expected step '${move.step}', the survey is on '${step.id}'`);
    state = transition(survey, state, { type: 'continue', data: dataFor(step, move) });
  }
  return state;
}
