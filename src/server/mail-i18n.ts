// The catalogs for what the server writes to customers (the confirmation email) and shows product
// managers (the offer headings of /dev/survey): the same compiled Lingui catalogs as the app's
// (src/generated/locales), one i18n instance per language, made once.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as de } from '../generated/locales/de';
import { messages as en } from '../generated/locales/en';
import { messages as es } from '../generated/locales/es';
import { messages as fr } from '../generated/locales/fr';
import { messages as it } from '../generated/locales/it';
import { messages as ja } from '../generated/locales/ja';
import { messages as ko } from '../generated/locales/ko';
import { messages as nl } from '../generated/locales/nl';
import { messages as pl } from '../generated/locales/pl';
import { messages as pt } from '../generated/locales/pt';
import { messages as sv } from '../generated/locales/sv';
import { messages as tr } from '../generated/locales/tr';
import { messages as vi } from '../generated/locales/vi';
import { messages as zh } from '../generated/locales/zh';
import type { Language } from './languages';

const CATALOGS: Record<Language, Messages> = { de, en, es, fr, it, ja, ko, nl, pl, pt, sv, tr, vi, zh };
const instances = new Map<Language, I18n>();

/** The i18n instance of a language, with its catalog loaded and active. */
export function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    instances.set(language, i18n);
  }
  return i18n;
}

/**
 * A survey text (a toolkit's name, an offer's heading) in the instance's language, its ICU arguments
 * rendered with `values`. Its id is the English text, as in the app (translateSurveyText in
 * src/i18n). A text no catalog has yet stays English: outside production (where /dev/survey runs)
 * Lingui compiles it from its id; a production build's catalogs hold every survey text.
 */
export function surveyTextIn(i18n: I18n, english: string, values?: Readonly<Record<string, string | number | undefined>>): string {
  return i18n._(english, values);
}
