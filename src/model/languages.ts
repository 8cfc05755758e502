/** The 14 interface languages (spec §9). */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh'] as const;

/** One interface language. */
export type Language = (typeof LANGUAGES)[number];

/** The language when the page sets none, and always where the URL contains 'plan' (spec §2). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Whether a value is one of our languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
