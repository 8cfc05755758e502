// A Lingui extractor for the survey texts: the English texts of the compiled survey bundle
// (src/generated/survey.json) become catalog messages whose id is the text itself, which is how the
// app looks them up (translateSurveyText in src/i18n). Origins point at the YAML the text came from.
import type { ExtractorType } from '@lingui/conf';
import type { CompiledBundle } from '../../src/model';
import { surveyTexts } from '../survey';

export { surveyTexts };

/** Extracts the survey texts from src/generated/survey.json (the catalog's `include` names it). */
export const surveyExtractor: ExtractorType = {
  match: (filename) => /src[\\/]generated[\\/]survey\.json$/.test(filename),
  extract(_filename, code, onMessageExtracted) {
    for (const { text, origin } of surveyTexts(JSON.parse(code) as CompiledBundle)) {
      onMessageExtracted({ id: text, message: text, origin: [origin, 0], comment: 'Survey text (English source is the id)' });
    }
  },
};
