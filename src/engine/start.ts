import type { Audience, CompiledSurvey, User } from '../model';
import { kindOf } from './kinds';
import { answerOrder, type RandomSource } from './shuffle';
import type { SurveyState } from './state';

/** Trial users have a product but have not paid (spec §1); everyone else answers as paid. */
export function audienceOf(user: Pick<User, 'has_product' | 'is_paid'>): Audience {
  return user.has_product && !user.is_paid ? 'trial' : 'paid';
}

/**
 * The state at the start of a visit: on the first step, nothing answered, and the answer order of
 * every choice step fixed for the whole visit.
 */
export function startSurvey(survey: CompiledSurvey, audience: Audience, random: RandomSource = Math.random): SurveyState {
  const flow = survey.audiences[audience];
  const order: SurveyState['order'] = {};
  for (const id of Object.keys(flow.steps).sort()) {
    const step = flow.steps[id];
    const kind = step && kindOf(step);
    if (step && kind?.answers) order[id] = answerOrder(kind.answers(step), kind.shuffles?.(step) ? 'random' : 'fixed', random);
  }
  return { surveyId: survey.id, audience, trail: [flow.start], data: {}, order, offers: [], status: 'answering' };
}
