import type { CompiledFlow, CompiledSurvey, StepId } from '../model';
import { SurveyTransitionError, type SurveyEvent, type SurveyState } from './state';
import { kindOf } from './kinds';
import { currentStep, flowOf, isConditional, landingStepId, nextStepId, stepAt, stepById } from './steps';

/**
 * The pure step function of the survey: the state after `event`. It never mutates `state`.
 * Data is assumed valid (the renderer checks it with the compiled validators first); an event
 * that does not fit the graph, such as an unknown answer, throws SurveyTransitionError.
 */
export function transition(survey: CompiledSurvey, state: SurveyState, event: SurveyEvent): SurveyState {
  if (state.status !== 'answering') throw new SurveyTransitionError(`the survey is already ${state.status}`);
  const flow = flowOf(survey, state);
  if (event.type === 'offers') {
    const unknown = event.available.find((id) => !isConditional(stepAt(flow, id)));
    if (unknown !== undefined) throw new SurveyTransitionError(`'${unknown}' is not an offer of the ${flow.audience} flow`);
    // An offer the customer has already passed by stays passed: the path taken does not change under them.
    const offers = event.available.filter((id) => state.offers.includes(id) || keepsTrail(state, [...state.offers, id], flow));
    return { ...state, offers: [...new Set(offers)].sort() };
  }
  const step = currentStep(survey, state);
  switch (event.type) {
    case 'edit':
      return { ...state, data: { ...state.data, [step.id]: event.data } };
    case 'back':
      return state.trail.length > 1 ? { ...state, trail: state.trail.slice(0, -1) } : state;
    case 'continue': {
      const data = { ...state.data, [step.id]: event.data };
      const { outcome } = kindOf(step).branchOf(step, event.data);
      if ('end' in outcome) return { ...state, data, status: outcome.end };
      return { ...state, data, trail: [...state.trail, landingStepId(flow, state.offers, outcome.to)] };
    }
  }
}

/** Whether the steps taken so far still follow one another with these offers available. */
function keepsTrail(state: SurveyState, offers: readonly StepId[], flow: CompiledFlow): boolean {
  return state.trail.every((id, i) => {
    const next = state.trail[i + 1];
    if (next === undefined) return true;
    const leadsTo = nextStepId(stepById(flow, id), state.data[id] ?? {});
    return leadsTo !== null && landingStepId(flow, offers, leadsTo) === next;
  });
}
