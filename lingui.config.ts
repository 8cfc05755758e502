// Lingui: English source texts in the code, one .po catalog per language, compiled into the ignored
// src/generated/locales/{locale}.ts that the app loads lazily (scripts/i18n/compile.mjs).
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src/app', '<rootDir>/src/renderer', '<rootDir>/src/i18n'],
    },
  ],
  catalogsMergePath: '<rootDir>/src/generated/locales/{locale}',
  compileNamespace: 'ts',
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
