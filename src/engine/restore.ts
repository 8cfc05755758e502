import type { CompiledSurvey } from '../model';
import { kindOf } from './kinds';
import type { StepData, SurveyState } from './state';
import { isConditional, landingStepId, nextStepId, stepAt } from './steps';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A saved state, if it still fits the compiled survey: same survey and audience, every step on the
 * trail a step of the flow, linked by the graph, and each choice order a permutation of that
 * step's answers. A state saved before the survey changed is dropped (null), never half-used.
 */
export function restoreState(survey: CompiledSurvey, audience: SurveyState['audience'], saved: unknown): SurveyState | null {
  if (!isRecord(saved) || saved.surveyId !== survey.id || saved.audience !== audience) return null;
  const { trail, data, order, offers, status } = saved;
  if (!Array.isArray(trail) || trail.length === 0 || !isRecord(data) || !isRecord(order)) return null;
  if (status !== 'answering' || !Array.isArray(offers)) return null;
  const flow = survey.audiences[audience];
  if (!offers.every((id) => typeof id === 'string' && isConditional(stepAt(flow, id)))) return null;
  const offerIds = offers as string[];
  if (trail[0] !== landingStepId(flow, offerIds, flow.start)) return null;
  for (let i = 0; i < trail.length; i++) {
    const id = trail[i];
    const step = typeof id === 'string' ? stepAt(flow, id) : undefined;
    if (!step) return null;
    const next = trail[i + 1];
    if (next === undefined) break;
    // Each step left behind must lead to the next one by the data saved for it.
    const stepData = typeof id === 'string' ? data[id] : undefined;
    let leadsTo: string | null;
    try {
      leadsTo = nextStepId(step, (isRecord(stepData) ? stepData : {}) as StepData);
    } catch {
      return null;
    }
    if (leadsTo === null || landingStepId(flow, offerIds, leadsTo) !== next) return null;
  }
  for (const [id, step] of Object.entries(flow.steps)) {
    const answers = kindOf(step).answers?.(step);
    if (answers === undefined) continue;
    const savedOrder = order[id];
    if (!Array.isArray(savedOrder)) return null;
    const ids = answers.map((a) => a.id);
    if (savedOrder.length !== ids.length || !ids.every((a) => savedOrder.includes(a))) return null;
  }
  return saved as unknown as SurveyState;
}
