// Test support: walks a path of enumeratePaths through transition(), entering plausible data.
import type { CompiledSurvey, CompiledStep } from '../../../src/model';
import { currentStep, startSurvey, transition, type PathMove, type StepData, type SurveyState } from '../../../src/engine';
import type { Audience, StepId } from '../../../src/model';

/** BUSINESS: the product group that is offered smaller plans (Guru, Pro). */
export const USER = { email: 'ann@example.com', name: 'Ann Example', product_group: 'BUSINESS' };

/** The data a customer would enter on `step` to take `move`. */
export function dataFor(step: CompiledStep, move: PathMove): StepData {
  switch (step.type) {
    case 'choice': {
      const answer = step.answers.find((a) => a.id === move.answer);
      return answer?.input ? { answer: move.answer, details: { [answer.id]: `Because of ${answer.id}` } } : { answer: move.answer };
    }
    case 'text':
      return { text: '  Rival Suite, Other Tool  ' };
    case 'offer':
      return { choice: move.answer === 'accepted' ? 'accepted' : 'declined' };
    case 'form': {
      const values: Record<string, string | boolean> = {};
      for (const field of step.fields) {
        if (field.kind === 'name') values[field.id] = ` ${USER.name} `;
        if (field.kind === 'email') values[field.id] = USER.email;
        if (field.kind === 'comment') values[field.id] = 'Thanks for everything';
        if (field.kind === 'agreement') values[field.id] = true;
      }
      return values;
    }
  }
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
