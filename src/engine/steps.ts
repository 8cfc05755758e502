import type { CompiledFlow, CompiledStep, CompiledSurvey, StepId, User } from '../model';
import { kindOf } from './kinds';
import { SurveyTransitionError, type StepData, type SurveyState } from './state';

/** The flow the state's audience walks. */
export function flowOf(survey: CompiledSurvey, state: Pick<SurveyState, 'audience'>): CompiledFlow {
  return survey.audiences[state.audience];
}

/**
 * A step of the flow by an id that may come from outside (a saved state, a submitted path): only the
 * flow's own steps, never what an object inherits (`constructor`, `__proto__`).
 */
export function stepAt(flow: CompiledFlow, id: string): CompiledStep | undefined {
  return Object.hasOwn(flow.steps, id) ? flow.steps[id] : undefined;
}

/** A step of the flow by id; throws when the compiled flow has no such step. */
export function stepById(flow: CompiledFlow, id: StepId): CompiledStep {
  const step = stepAt(flow, id);
  if (!step) throw new SurveyTransitionError(`'${id}' is not a step of the ${flow.audience} flow`);
  return step;
}

/** The step the customer is on. */
export function currentStep(survey: CompiledSurvey, state: SurveyState): CompiledStep {
  const id = state.trail[state.trail.length - 1];
  if (id === undefined) throw new SurveyTransitionError('the survey state has an empty trail');
  return stepById(flowOf(survey, state), id);
}

/**
 * Where the graph leads from `step` given its data, as authored: the next step's id, or null when
 * the survey ends there (the closing form, or an accepted offer).
 */
export function nextStepId(step: CompiledStep, data: StepData): StepId | null {
  const { outcome } = kindOf(step).branchOf(step, data);
  return 'to' in outcome ? outcome.to : null;
}

/** What a step starts with: what was entered before, with the user's own details where the step asks for them. */
export function initialData(step: CompiledStep, saved: StepData | undefined, user: Pick<User, 'name' | 'email'>): StepData {
  return kindOf(step).prefill?.(step, saved, user) ?? saved ?? {};
}

/** The values a step's texts are rendered with (an offer's numbers), for Lingui's ICU messages. */
export function stepTextValues(step: CompiledStep): Record<string, string | number | undefined> | undefined {
  return kindOf(step).textValues?.(step);
}

/** Whether taking the step on submits the survey (the closing form). */
export function completesSurvey(step: CompiledStep): boolean {
  return kindOf(step).branches(step).some((branch) => 'end' in branch.outcome && branch.outcome.end === 'complete');
}

/** Whether the step is shown only to customers it is available to (an offer). */
export function isConditional(step: CompiledStep | undefined): boolean {
  return step !== undefined && kindOf(step).passedBy !== undefined;
}

/** The step the customer lands on when the graph leads to `id`: conditional steps they may not see are passed by. */
export function landingStepId(flow: CompiledFlow, offers: readonly StepId[], id: StepId): StepId {
  let landing = id;
  for (let step = stepById(flow, landing); !offers.includes(landing); step = stepById(flow, landing)) {
    const passedBy = kindOf(step).passedBy?.(step);
    if (passedBy === undefined) break;
    landing = passedBy;
  }
  return landing;
}

/** The step's answers (choice or multi) in the order chosen for this visit. */
export function orderedAnswers<A extends { id: string }>(step: { id: StepId; answers: A[] }, state: SurveyState): A[] {
  const order = state.order[step.id];
  if (!order) return step.answers;
  const byId = new Map(step.answers.map((a) => [a.id, a]));
  return order.map((id) => byId.get(id)).filter((a): a is A => a !== undefined);
}

/** What the step indicator shows: the current step's number out of the survey's total. */
export function stepIndicator(survey: CompiledSurvey, state: SurveyState): { current: number; total: number } | null {
  const step = currentStep(survey, state);
  if (step.indicator === undefined || survey.indicatorSteps === undefined) return null;
  return { current: step.indicator, total: survey.indicatorSteps };
}

/** The ids a customer may answer the step with: its answers, each branch's answer (an offer's `accepted`), a rating's numbers. */
export function answerIdsOf(step: CompiledStep): Set<string> {
  const kind = kindOf(step);
  const ids = new Set<string>([...(kind.answers?.(step).map((answer) => answer.id) ?? []), ...(kind.scale?.(step) ?? [])]);
  for (const branch of kind.branches(step)) if (branch.answer !== undefined) ids.add(branch.answer);
  return ids;
}
