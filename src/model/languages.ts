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

/** The pages that are always English (spec §2: 'always English when the URL contains plan'). */
export function isEnglishOnly(url: string): boolean {
  // The path, not the query: a confirmation key or a step id that happens to hold 'plan' must not
  // switch a customer's page to English.
  try {
    return new URL(url, 'http://localhost').pathname.includes('plan');
  } catch {
    return url.includes('plan');
  }
}

/**
 * The language of the page at `url` for a language setting (spec §2, §9): the setting's primary
 * subtag (`pt-BR` → `pt`) when it is one of ours, English otherwise, and always English on a page
 * whose path contains 'plan'. One rule for the app (`<html lang>`), the server's preloads and the
 * emails (for the page their link opens), so a customer never meets two languages for one setting.
 */
export function languageOf(setting: string | null | undefined, url: string): Language {
  return isEnglishOnly(url) ? DEFAULT_LANGUAGE : (primaryLanguage(setting) ?? DEFAULT_LANGUAGE);
}

/** The language a tag names by its primary subtag (`pt-BR` → `pt`), when it is one of ours. */
export function primaryLanguage(tag: string | null | undefined): Language | undefined {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
