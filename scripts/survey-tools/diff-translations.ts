import type { CompiledBundle } from '../../src/model';
import type { TranslationsDiff } from './diff-types';
import { surveyTexts } from './survey-texts';

/** The translated msgids of each language that has a catalog; a language without one is absent. */
export type Catalogs = ReadonlyMap<string, ReadonlySet<string>>;

/** One side of the comparison: the compiled survey and the catalogs of the same version. */
export interface TranslatedBundle {
  bundle: CompiledBundle;
  catalogs: Catalogs;
}

/**
 * The survey texts that became missing from each language's catalog: missing after, and not already missing
 * before (a text that is new counts as not missing before). Languages without a catalog now are skipped. Pure.
 */
export function diffTranslations(before: TranslatedBundle, after: TranslatedBundle, languages: readonly string[]): TranslationsDiff {
  const diff: TranslationsDiff = { missing: [], checked: [], skipped: [] };
  const textsBefore = surveyTexts(before.bundle);
  const textsAfter = surveyTexts(after.bundle);
  for (const language of languages) {
    const catalog = after.catalogs.get(language);
    if (!catalog) {
      diff.skipped.push(language);
      continue;
    }
    diff.checked.push(language);
    const old = before.catalogs.get(language);
    const missingBefore = new Set(textsBefore.filter((text) => !old?.has(text)));
    const texts = textsAfter.filter((text) => !catalog.has(text) && !missingBefore.has(text));
    if (texts.length > 0) diff.missing.push({ language, texts });
  }
  return diff;
}
