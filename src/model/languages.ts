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

/**
 * Whether a page is always English (spec §2: 'always English when the URL contains plan'). The path
 * decides, not the query: a confirmation key that happens to hold 'plan' must not switch a customer's
 * page to English. Client and server both ask this one function.
 */
export function isEnglishOnlyUrl(url: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname.includes('plan');
  } catch {
    return url.includes('plan');
  }
}
