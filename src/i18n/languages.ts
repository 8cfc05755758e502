// Which interface language a page uses (spec §2, §9), and the development pseudo-locale.
import { DEFAULT_LANGUAGE, isEnglishOnly, languageOf, LANGUAGES, type Language } from '../model';

export { LANGUAGES, type Language };

/** The source language of the catalogs. */
export const SOURCE_LANGUAGE: Language = DEFAULT_LANGUAGE;

/**
 * The pseudo-locale (lingui.config.ts `pseudoLocale`): English with accents, brackets and padding,
 * so a text that skipped translation or is cut off by the layout stands out. Development only.
 */
export const PSEUDO_LOCALE = 'pseudo-LOCALE';

/** A locale the app can activate: one of the 14 languages, or the pseudo-locale in development. */
export type Locale = Language | typeof PSEUDO_LOCALE;

/**
 * The page's language: the server's setting (`<html lang>`, e.g. `pt-BR` → `pt`), English when it
 * is missing or not one of ours, and always English on a URL whose path contains 'plan' (the rule
 * lives in src/model, which the server shares).
 */
export function resolveLanguage(pageLanguage: string | null | undefined, url: string): Language {
  return languageOf(pageLanguage, url);
}

/** What decides the locale of a page. */
export interface PageLocaleInput {
  /** `<html lang>` as the server wrote it. */
  pageLanguage: string | null | undefined;
  url: string;
  /** Whether the server allows the pseudo-locale (it says so in development only). */
  pseudoAllowed: boolean;
  /** Whether the pseudo-locale was asked for (`?lang=pseudo`, remembered for the tab). */
  pseudoWanted: boolean;
}

/** The locale to activate: the pseudo-locale only where the server allows it and it was asked for. */
export function resolveLocale(input: PageLocaleInput): Locale {
  if (isEnglishOnly(input.url)) return SOURCE_LANGUAGE;
  if (input.pseudoAllowed && input.pseudoWanted) return PSEUDO_LOCALE;
  return resolveLanguage(input.pageLanguage, input.url);
}
