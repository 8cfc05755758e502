// A Lingui extractor for the survey texts: the English texts of the compiled survey bundle
// (src/generated/survey.json) become catalog messages whose id is the text itself, which is how the
// app looks them up (translateSurveyText in src/i18n). Each message's origins are the YAML lines the
// text is written on (`#: survey/cancellation.yaml:74`), so a translator can see it in its place.
import { dirname, join, resolve } from 'node:path';
import type { ExtractedMessage, ExtractorType } from '@lingui/conf';
import type { CompiledBundle } from '../../src/model';
import { surveyTexts, textPlaces } from '../survey';
import type { SurveyText, TextPlace } from '../survey';

export { surveyTexts };

/** The comment that marks a survey text's catalog entry (scripts/i18n/app-catalogs.ts reads it). */
export const SURVEY_TEXT_COMMENT = 'Survey text (English source is the id)';

/**
 * The catalog messages of a compiled bundle's texts, one per place the text is written (Lingui merges
 * them into one entry with every origin). `root` is the project root the bundle's file names are relative to.
 */
export async function surveyMessages(bundle: CompiledBundle, root: string): Promise<ExtractedMessage[]> {
  const texts: SurveyText[] = surveyTexts(bundle);
  const places = await textPlaces(root, [...new Set(texts.map(({ origin }) => origin))]);
  return texts.flatMap(({ text, origin }) => {
    // A text the compiler adds itself is written nowhere: its origin is its survey file, without a line.
    const where: (TextPlace | { file: string; line: 0 })[] = places.get(text) ?? [{ file: origin, line: 0 }];
    // The comment goes with the first place only: Lingui would repeat it once per origin.
    return where.map(({ file, line }, index) => ({
      id: text,
      message: text,
      origin: [join(root, file), line],
      ...(index === 0 ? { comment: SURVEY_TEXT_COMMENT } : {}),
    }));
  });
}

/** Extracts the survey texts from src/generated/survey.json (the catalog's `include` names it). */
export const surveyExtractor: ExtractorType = {
  match: (filename) => /src[\\/]generated[\\/]survey\.json$/.test(filename),
  async extract(filename, code, onMessageExtracted) {
    const root = resolve(dirname(filename), '..', '..');
    for (const message of await surveyMessages(JSON.parse(code) as CompiledBundle, root)) onMessageExtracted(message);
  },
};
