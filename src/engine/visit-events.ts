// What the survey's states tell retention insights: the step shown (an offer also as an offer shown),
// and what was taken on the step left: each answer chosen, an offer declined or accepted.
import type { CompiledSurvey, VisitEventType } from '../model';
import { kindOf } from './kinds';
import type { SurveyState } from './state';
import { isConditional, stepById } from './steps';

/** An event before it gets its id. */
export interface VisitEventDraft {
  type: VisitEventType;
  step?: string;
  answer?: string;
}

/** The events of showing the state's current step (an offer is also shown as an offer). */
export function shownEvents(survey: CompiledSurvey, state: SurveyState): VisitEventDraft[] {
  const id = state.trail[state.trail.length - 1];
  if (id === undefined || state.status !== 'answering') return [];
  const step = stepById(survey.audiences[state.audience], id);
  return isConditional(step) ? [{ type: 'step', step: id }, { type: 'offer-shown', step: id }] : [{ type: 'step', step: id }];
}

/**
 * The events of taking the current step of `before` on, as `after` (the state the transition made)
 * records it: each answer chosen, or an offer declined or accepted. Nothing when the trail went back.
 */
export function takenEvents(survey: CompiledSurvey, before: SurveyState, after: SurveyState): VisitEventDraft[] {
  const leftId = before.trail[before.trail.length - 1];
  const data = leftId === undefined ? undefined : after.data[leftId];
  const forward = after.trail.length > before.trail.length || after.status !== 'answering';
  if (!forward || leftId === undefined || data === undefined) return [];
  const step = stepById(survey.audiences[before.audience], leftId);
  const move = kindOf(step).moveOf(step, data);
  const answers = move.answers ?? (move.answer === undefined ? [] : [move.answer]);
  if (isConditional(step)) return [{ type: answers.includes('accepted') ? 'offer-accepted' : 'offer-declined', step: leftId }];
  return answers.map((answer) => ({ type: 'answer', step: leftId, answer }));
}
