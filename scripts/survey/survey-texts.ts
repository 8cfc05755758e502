import { AUDIENCES } from '../../src/model';
import type { CompiledBundle, CompiledStep, TextInput } from '../../src/model';

/** A survey text a customer reads, and the YAML file it was written in. */
export interface SurveyText {
  text: string;
  origin: string;
}

const inputTexts = (input: TextInput | undefined): (string | undefined)[] => [input?.label, input?.placeholder];

/** Every customer-visible text of one compiled step; each is translated through the catalogs. */
export function stepTexts(step: CompiledStep): string[] {
  const texts = ((): (string | undefined)[] => {
    switch (step.type) {
      case 'choice':
        return [step.heading, step.question, ...step.answers.flatMap((answer) => [answer.text, ...inputTexts(answer.input), answer.tip?.text, answer.tip?.label])];
      case 'text':
        return [step.heading, step.question, ...inputTexts(step.input)];
      case 'form':
        return [step.heading, ...step.fields.flatMap((field) => [field.label, 'placeholder' in field ? field.placeholder : undefined]), step.submit];
      case 'offer':
        return [
          step.heading,
          step.body,
          step.accept,
          step.decline,
          step.success.heading,
          step.success.body,
          ...(step.offer.kind === 'downgrade' ? Object.values(step.offer.planNames) : []),
        ];
    }
  })();
  return texts.filter((text): text is string => text !== undefined && text.trim() !== '');
}

/**
 * Every survey text of a bundle, once each, in a stable order: the toolkit names, then each survey's
 * steps in file order, trial before paid.
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
      for (const node of flow.graph.nodes) {
        const step = flow.steps[node.id];
        if (step) for (const text of stepTexts(step)) add(text, survey.source);
      }
    }
  }
  return [...found].map(([text, origin]) => ({ text, origin }));
}
