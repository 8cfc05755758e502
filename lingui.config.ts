// Lingui: English source texts in the code, one .po catalog per language, compiled into the ignored
// src/generated/locales/{locale}.ts that the app loads lazily, one chunk per language
// (scripts/i18n/compile.mjs, which compiles with --strict: a missing translation fails the build).
import { defineConfig } from '@lingui/cli';
import babel from '@lingui/cli/api/extractors/babel';
import { poFormat } from './scripts/i18n/po-format';
import { surveyExtractor } from './scripts/i18n/survey-extractor';

/** The development pseudo-locale: English with accents and brackets, so untranslated or cut texts stand out. */
export const PSEUDO_LOCALE = 'pseudo-LOCALE';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh', PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  // No fallback between shipped languages: every catalog must be complete (compile --strict), and
  // English is only used for a language we do not ship (resolveLanguage in src/i18n).
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      // The UI's macros, the server's i18n._('…') calls (the confirmation email) and the survey texts of
      // the compiled bundle (the last two with the English texts as ids).
      include: ['<rootDir>/src/app', '<rootDir>/src/renderer', '<rootDir>/src/i18n', '<rootDir>/src/server', '<rootDir>/src/generated/survey.json'],
    },
  ],
  extractors: [babel, surveyExtractor],
  catalogsMergePath: '<rootDir>/src/generated/locales/{locale}',
  compileNamespace: 'ts',
  // `#:` origins: a survey text's YAML line (survey/cancellation.yaml:74); the code's files without lines.
  // Entries by English text, the English-as-id ones included (scripts/i18n/catalog-order.ts).
  format: poFormat(),
  orderBy: 'message',
});
