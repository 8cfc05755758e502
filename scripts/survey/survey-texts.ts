import { AUDIENCES } from '../../src/model';
import type { CancellationPolicy, CompiledBundle, CompiledStep, StepType } from '../../src/model';
import { COMPILER_KINDS, type CompilerKind } from './kinds';

/** A survey text a customer reads, and the YAML file it was written in. */
export interface SurveyText {
  text: string;
  origin: string;
}

/** Every customer-visible text of one compiled step; each is translated through the catalogs. */
export function stepTexts(step: CompiledStep): string[] {
  const texts = (COMPILER_KINDS[step.type] as CompilerKind<StepType>).texts(step);
  return texts.filter((text): text is string => text !== undefined && text.trim() !== '');
}

/** Every customer-visible text of a policy: its cancel-now control's label and its declaration screen's heading and button. */
export function policyTexts(policy: CancellationPolicy): string[] {
  const control = policy.cancelNow;
  return control ? [control.label, control.heading, control.submit] : [];
}

/** Where the policies' texts are written, relative to the project root (the bundle does not record it). */
const POLICIES_FILE = 'survey/policies.yaml';

/**
 * Every survey text of a bundle, once each, in a stable order: the toolkit names, then each survey's
 * steps in file order, trial before paid, then the policies' texts by policy id.
 */
export function surveyTexts(bundle: CompiledBundle): SurveyText[] {
  const found = new Map<string, string>();
  const add = (text: string, origin: string): void => {
    if (!found.has(text)) found.set(text, origin);
  };
  for (const binding of bundle.toolkits) add(binding.name, 'survey/toolkits.yaml');
  for (const id of Object.keys(bundle.surveys).sort()) {
    const survey = bundle.surveys[id];
    if (!survey) continue;
    for (const audience of AUDIENCES) {
      const flow = survey.audiences[audience];
      for (const id of flow.order) {
        const step = flow.steps[id];
        if (step) for (const text of stepTexts(step)) add(text, survey.source);
      }
    }
  }
  for (const id of Object.keys(bundle.policies.policies).sort()) {
    const policy = bundle.policies.policies[id];
    if (policy) for (const text of policyTexts(policy)) add(text, POLICIES_FILE);
  }
  return [...found].map(([text, origin]) => ({ text, origin }));
}
