import { AUDIENCES } from '../../src/model';
import type { CancellationPolicy, CompiledBundle, CompiledStep, StepType } from '../../src/model';
import { COMPILER_KINDS, type CompilerKind } from './kinds';
import { PAYLOAD_CAPS } from './payload-caps-check';

/** A survey text a customer reads, and the YAML file it was written in. */
export interface SurveyText {
  text: string;
  origin: string;
  /** For a text the survey storage records (a question, a comment field's label, an answer), the most characters it takes, translated too. */
  cap?: number;
}

/** The parts of a compiled step whose texts the survey storage records, whichever its kind. */
interface StoredParts {
  id: string;
  question?: unknown;
  answers?: readonly { text?: unknown }[];
  fields?: readonly { kind: string; label: string }[];
}

/** The texts of one step that a submission stores, English and translated, each with its cap (PAYLOAD_CAPS). */
function storedTexts(step: CompiledStep): [string, number][] {
  const parts: StoredParts = step;
  return [
    ...(typeof parts.question === 'string' ? [[parts.question, PAYLOAD_CAPS.question] as [string, number]] : []),
    ...(parts.answers ?? []).flatMap((answer): [string, number][] => (typeof answer.text === 'string' ? [[answer.text, PAYLOAD_CAPS.answer]] : [])),
    ...(parts.fields ?? []).flatMap((field): [string, number][] => (field.kind === 'comment' ? [[field.label, PAYLOAD_CAPS.question]] : [])),
  ];
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
  const caps = new Map<string, number>();
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
        if (!step) continue;
        for (const text of stepTexts(step)) add(text, survey.source);
        for (const [text, cap] of storedTexts(step)) caps.set(text, Math.min(cap, caps.get(text) ?? cap));
      }
    }
  }
  for (const id of Object.keys(bundle.policies.policies).sort()) {
    const policy = bundle.policies.policies[id];
    if (policy) for (const text of policyTexts(policy)) add(text, POLICIES_FILE);
  }
  return [...found].map(([text, origin]) => {
    const cap = caps.get(text);
    return cap === undefined ? { text, origin } : { text, origin, cap };
  });
}
