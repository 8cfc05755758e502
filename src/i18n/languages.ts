// Which interface language a page uses (spec §2, §9).

/** The languages the interface is translated into; `en` is the source. */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh'] as const;

export type Language = (typeof LANGUAGES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The page's language: the server's setting (`<html lang>`, e.g. `pt-BR` → `pt`), English when it
 * is missing or not one of ours, and always English when the URL contains 'plan'.
 */
export function resolveLanguage(pageLanguage: string | null | undefined, url: string): Language {
  if (url.includes('plan')) return SOURCE_LANGUAGE;
  const base = (pageLanguage ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : SOURCE_LANGUAGE;
}
