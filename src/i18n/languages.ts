// Which interface language a page uses (spec §2, §9).
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../model';

export { LANGUAGES, type Language };

/** The source language of the catalogs. */
export const SOURCE_LANGUAGE: Language = DEFAULT_LANGUAGE;

/**
 * The page's language: the server's setting (`<html lang>`, e.g. `pt-BR` → `pt`), English when it
 * is missing or not one of ours, and always English when the URL contains 'plan'.
 */
export function resolveLanguage(pageLanguage: string | null | undefined, url: string): Language {
  if (url.includes('plan')) return SOURCE_LANGUAGE;
  const base = (pageLanguage ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : SOURCE_LANGUAGE;
}
