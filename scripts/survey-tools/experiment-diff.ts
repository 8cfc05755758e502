// What each variant of an experiment changes against its control: the compiled survey against the
// survey applyOverlay makes of it, compared and written as `survey:diff` compares two versions.
import { applyOverlay } from '../../src/engine/overlay';
import type { CompiledBundle, CompiledExperiment, CompiledVariant } from '../../src/model';
import { diffSurvey } from './diff-bundles';
import type { SurveyFlowDiff } from './diff-types';
import { NO_CHANGES } from './format-diff';
import { flowDiffSections } from './format-flow-diff';

/** One variant and what it changes; undefined where it changes nothing (a second control). */
export interface VariantDiff {
  variant: CompiledVariant;
  diff: SurveyFlowDiff | undefined;
}

/** Each variant after the control, with its changes against the control, the compiled survey. */
export function diffExperiment(bundle: CompiledBundle, experiment: CompiledExperiment): VariantDiff[] {
  const survey = bundle.surveys[experiment.survey];
  if (!survey) throw new Error(`experiment '${experiment.id}' runs on survey '${experiment.survey}', which the bundle does not have`);
  return experiment.variants.filter((variant) => !variant.control).map((variant) => ({ variant, diff: diffSurvey(survey, applyOverlay(survey, variant.overlay)) }));
}

/** A variant's share of the customers, as a percentage of the weights' sum: `25%`, `33.3%`. */
function share(variant: CompiledVariant, experiment: CompiledExperiment): string {
  const total = experiment.variants.reduce((sum, each) => sum + each.weight, 0);
  return `${Number(((100 * variant.weight) / total).toFixed(1))}%`;
}

/**
 * The experiment as a product manager reads it: its survey, days and variants with their shares,
 * then, per variant, what it changes against the control, in the survey diff's sections.
 */
export function formatExperimentDiff(experiment: CompiledExperiment, diffs: readonly VariantDiff[]): string {
  const control = experiment.variants.find((variant) => variant.control);
  const heading = [
    `Experiment '${experiment.id}' on survey '${experiment.survey}', ${experiment.start} to ${experiment.end} (UTC days, both included)`,
    `Variants: ${experiment.variants.map((variant) => `${variant.id} ${share(variant, experiment)}`).join(', ')}`,
  ];
  const blocks = diffs.map(({ variant, diff }) => [
    `Variant '${variant.id}' (${share(variant, experiment)}) against the control '${control?.id ?? ''}'`,
    ...(diff ? flowDiffSections(diff) : [`  ${NO_CHANGES}`]),
  ]);
  return [heading, ...blocks].map((block) => block.join('\n')).join('\n\n');
}
