// The survey a customer is shown: the compiled survey of the toolkit's page, overlaid by the variant
// of the experiment running on it (survey/experiments.yaml) that the customer is assigned to.
import { assignVariant, runningExperiment } from '../engine';
import { applyOverlay } from '../engine/overlay';
import type { AssignedVariant, CompiledBundle, CompiledExperiment, CompiledSurvey, CompiledVariant, ExperimentOverlay, ToolkitBinding } from '../model';

/** The survey a customer sees, and the experiment and variant it comes from (empty strings outside one). */
export interface CustomerSurvey {
  /** The toolkit whose page shows it. */
  toolkit: string;
  survey: CompiledSurvey;
  experiment: string;
  variant: string;
  /** The variant's overlay, which the page applies to its own copy of the survey; absent outside an experiment. */
  overlay?: ExperimentOverlay;
}

/** The survey of `binding` as the customer `userId` is shown it at `now`. */
export function customerSurvey(bundle: CompiledBundle, binding: ToolkitBinding, userId: string, now: number): CustomerSurvey {
  const survey = bundle.surveys[binding.survey];
  if (survey === undefined) throw new Error(`the compiled bundle has no survey '${binding.survey}'`);
  const experiment = runningExperiment(bundle.experiments, survey.id, now);
  if (experiment === undefined) return { toolkit: binding.toolkit, survey, experiment: '', variant: '' };
  return inVariant(binding, survey, experiment, assignVariant(userId, experiment));
}

/** The survey of `binding` as `variant` of `experiment` shows it. */
function inVariant(binding: ToolkitBinding, survey: CompiledSurvey, experiment: CompiledExperiment, variant: CompiledVariant): CustomerSurvey {
  return { toolkit: binding.toolkit, survey: applyOverlay(survey, variant.overlay), experiment: experiment.id, variant: variant.id, overlay: variant.overlay };
}

/** The user's variant of every experiment running at `now` (get-context sends them; the page overlays its survey). */
export function assignedVariants(bundle: CompiledBundle, userId: string, now: number): AssignedVariant[] {
  return Object.keys(bundle.surveys).flatMap((surveyId) => {
    const experiment = runningExperiment(bundle.experiments, surveyId, now);
    if (experiment === undefined) return [];
    const variant = assignVariant(userId, experiment);
    return [{ survey: surveyId, experiment: experiment.id, variant: variant.id, overlay: variant.overlay }];
  });
}

/**
 * The survey of `binding` in the variant a visit recorded, where that experiment is still in the
 * bundle: the page keeps the variant it loaded with, also past the experiment's last day. Undefined
 * for a visit outside an experiment, or of one the bundle no longer has.
 */
export function visitedSurvey(bundle: CompiledBundle, binding: ToolkitBinding, visit: { experiment: string; variant: string }): CustomerSurvey | undefined {
  const survey = bundle.surveys[binding.survey];
  const experiment = bundle.experiments.find((e) => e.id === visit.experiment && e.survey === survey?.id);
  const variant = experiment?.variants.find((v) => v.id === visit.variant);
  return survey === undefined || experiment === undefined || variant === undefined ? undefined : inVariant(binding, survey, experiment, variant);
}
