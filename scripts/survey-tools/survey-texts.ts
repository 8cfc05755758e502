import { AUDIENCES } from '../../src/model';
import type { CompiledBundle, CompiledStep, TextInput } from '../../src/model';

const inputTexts = (input: TextInput | undefined): (string | undefined)[] => [input?.label, input?.placeholder];

/** The texts of one step a customer reads, each of them translated through the catalogs. */
function stepTexts(step: CompiledStep): (string | undefined)[] {
  switch (step.type) {
    case 'choice':
      return [step.heading, step.question, ...step.answers.flatMap((answer) => [answer.text, ...inputTexts(answer.input)])];
    case 'text':
      return [step.heading, step.question, ...inputTexts(step.input)];
    case 'form':
      return [step.heading, ...step.fields.flatMap((field) => [field.label, 'placeholder' in field ? field.placeholder : undefined]), step.submit];
  }
}

/** Every survey text of a bundle (the English msgids of the catalogs), once each, in survey and step order. */
export function surveyTexts(bundle: CompiledBundle): string[] {
  const texts = Object.keys(bundle.surveys)
    .sort()
    .flatMap((id) =>
      AUDIENCES.flatMap((audience) => {
        const flow = bundle.surveys[id]?.audiences[audience];
        return flow ? flow.graph.nodes.flatMap((node) => {
          const step = flow.steps[node.id];
          return step ? stepTexts(step) : [];
        }) : [];
      }),
    );
  return [...new Set(texts.filter((text): text is string => text !== undefined && text.trim() !== ''))];
}
