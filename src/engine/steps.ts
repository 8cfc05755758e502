import type { ChoiceAnswer, ChoiceStep, CompiledFlow, CompiledStep, CompiledSurvey, StepId } from '../model';
import { SurveyTransitionError, type ChoiceData, type StepData, type SurveyState } from './state';

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

/** The step that follows `step` given the data entered on it; null after the closing form. */
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
  }
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
