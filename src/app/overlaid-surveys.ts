// The surveys as a customer in an experiment is shown them: each overlaid by their variant (a chunk
// of its own, loaded by load-user.ts only for such a customer). Each overlaid survey is made once,
// so the screen sees the same one on every render.
import { applyOverlay } from '../engine/overlay';
import type { AssignedVariant, CompiledSurvey } from '../model';

export function overlaidBy(variants: readonly AssignedVariant[]): (survey: CompiledSurvey) => CompiledSurvey {
  const made = new Map<string, CompiledSurvey>();
  return (survey) => {
    const variant = variants.find((assigned) => assigned.survey === survey.id);
    if (variant === undefined) return survey;
    const shown = made.get(survey.id) ?? applyOverlay(survey, variant.overlay);
    made.set(survey.id, shown);
    return shown;
  };
}
