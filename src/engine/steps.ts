import type { ChoiceAnswer, ChoiceStep, CompiledFlow, CompiledStep, CompiledSurvey, StepId } from '../model';
import { SurveyTransitionError, type ChoiceData, type OfferData, type StepData, type SurveyState } from './state';

/** The flow the state's audience walks. */
export function flowOf(survey: CompiledSurvey, state: Pick<SurveyState, 'audience'>): CompiledFlow {
  return survey.audiences[state.audience];
}

/** A step of the flow by id; throws when the compiled flow has no such step. */
export function stepById(flow: CompiledFlow, id: StepId): CompiledStep {
  const step = flow.steps[id];
  if (!step) throw new SurveyTransitionError(`'${id}' is not a step of the ${flow.audience} flow`);
  return step;
}

/** The step the customer is on. */
export function currentStep(survey: CompiledSurvey, state: SurveyState): CompiledStep {
  const id = state.trail[state.trail.length - 1];
  if (id === undefined) throw new SurveyTransitionError('the survey state has an empty trail');
  return stepById(flowOf(survey, state), id);
}

/** The answer of a choice step with this id, or undefined. */
export function answerById(step: ChoiceStep, id: string | undefined): ChoiceAnswer | undefined {
  return step.answers.find((a) => a.id === id);
}

/**
 * Where the graph leads from `step` given its data, as authored: the next step's id, or null when
 * the survey ends there (the closing form, or an accepted offer).
 */
export function nextStepId(step: CompiledStep, data: StepData): StepId | null {
  switch (step.type) {
    case 'choice': {
      const chosen = (data as ChoiceData).answer;
      const answer = answerById(step, chosen);
      if (!answer) throw new SurveyTransitionError(`'${String(chosen)}' is not an answer of step '${step.id}'`);
      return answer.next;
    }
    case 'text':
      return step.next;
    case 'form':
      return null;
    case 'offer': {
      const { choice } = data as OfferData;
      if (choice === 'declined') return step.next;
      if (choice === 'accepted') return null;
      throw new SurveyTransitionError(`offer '${step.id}' needs a choice, accepted or declined`);
    }
  }
}

/** The step the customer lands on when the graph leads to `id`: offers they may not see are passed by. */
export function landingStepId(flow: CompiledFlow, offers: readonly StepId[], id: StepId): StepId {
  let landing = id;
  for (let step = stepById(flow, landing); step.type === 'offer' && !offers.includes(landing); step = stepById(flow, landing)) {
    landing = step.next;
  }
  return landing;
}

/** The choice step's answers in the order chosen for this visit. */
export function orderedAnswers(step: ChoiceStep, state: SurveyState): ChoiceAnswer[] {
  const order = state.order[step.id];
  if (!order) return step.answers;
  const byId = new Map(step.answers.map((a) => [a.id, a]));
  return order.map((id) => byId.get(id)).filter((a): a is ChoiceAnswer => a !== undefined);
}

/** What the step indicator shows: the current step's number out of the survey's total. */
export function stepIndicator(survey: CompiledSurvey, state: SurveyState): { current: number; total: number } | null {
  const step = currentStep(survey, state);
  if (step.indicator === undefined || survey.indicatorSteps === undefined) return null;
  return { current: step.indicator, total: survey.indicatorSteps };
}
