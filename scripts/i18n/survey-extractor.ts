// A Lingui extractor for the survey texts: the English texts of the compiled survey bundle
// (src/generated/survey.json) become catalog messages whose id is the text itself, which is how the
// app looks them up (translateSurveyText in src/i18n). Origins point at the YAML the text came from.
import type { ExtractorType } from '@lingui/conf';
import type { CompiledBundle, CompiledStep } from '../../src/model';

/** Every customer-visible text of one compiled step. */
function stepTexts(step: CompiledStep): (string | undefined)[] {
  switch (step.type) {
    case 'choice':
      return [step.heading, step.question, ...step.answers.flatMap((a) => [a.text, a.input?.label, a.input?.placeholder])];
    case 'text':
      return [step.heading, step.question, step.input.label, step.input.placeholder];
    case 'form':
      return [step.heading, step.submit, ...step.fields.flatMap((f) => [f.label, f.kind === 'comment' ? f.placeholder : undefined])];
  }
}

/** The survey texts of a compiled bundle, each with the file it was authored in, in a stable order. */
export function surveyTexts(bundle: CompiledBundle): { text: string; origin: string }[] {
  const found = new Map<string, string>();
  const add = (text: string | undefined, origin: string) => {
    if (text !== undefined && text.trim() !== '' && !found.has(text)) found.set(text, origin);
  };
  for (const binding of bundle.toolkits) add(binding.name, 'survey/toolkits.yaml');
  for (const survey of Object.values(bundle.surveys)) {
    for (const flow of Object.values(survey.audiences)) {
      for (const id of Object.keys(flow.steps).sort()) {
        const step = flow.steps[id];
        if (step) for (const text of stepTexts(step)) add(text, survey.source);
      }
    }
  }
  return [...found].map(([text, origin]) => ({ text, origin }));
}

/** Extracts the survey texts from src/generated/survey.json (the catalog's `include` names it). */
export const surveyExtractor: ExtractorType = {
  match: (filename) => /src[\\/]generated[\\/]survey\.json$/.test(filename),
  extract(_filename, code, onMessageExtracted) {
    for (const { text, origin } of surveyTexts(JSON.parse(code) as CompiledBundle)) {
      onMessageExtracted({ id: text, message: text, origin: [origin, 0], comment: 'Survey text (English source is the id)' });
    }
  },
};
