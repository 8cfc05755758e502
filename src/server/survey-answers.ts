import { replayProblem, type StepValidation } from '../engine';
import type { Audience, CompiledSurvey, SurveyPayload } from '../model';

/**
 * Checks a schema-valid payload against the compiled survey the customer answered (the one of the
 * payload's toolkit, as the customer's audience sees it) by replaying its `path` through the engine
 * with the page's own validators (src/engine/replay.ts). The limits live in the survey YAML, so they
 * are read from the compiled survey rather than written into the payload schema. Returns
 * `field: what is wrong`, or undefined.
 */
export function surveyAnswerProblem(
  survey: CompiledSurvey,
  audience: Audience,
  payload: SurveyPayload,
  context: { productGroup: string; validate: StepValidation },
): string | undefined {
  return replayProblem(survey, audience, payload, context);
}
