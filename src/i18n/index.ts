// Lingui for the whole app: one i18n instance, catalogs loaded lazily, one translator for survey texts.
import { i18n, type Messages } from '@lingui/core';
import { resolveLanguage, SOURCE_LANGUAGE, type Language } from './languages';

export { i18n };
export { LANGUAGES, SOURCE_LANGUAGE, resolveLanguage, type Language } from './languages';

/** The compiled catalog of one language, in its own chunk so a page loads only its own. */
async function loadCatalog(language: Language): Promise<Messages> {
  const module = (await import(`../generated/locales/${language}.ts`)) as { messages: Messages };
  return module.messages;
}

/**
 * Loads and activates the page's language (from `<html lang>` and the URL); English when that
 * language's catalog cannot be loaded.
 */
export async function activatePageLanguage(): Promise<Language> {
  let language = resolveLanguage(document.documentElement.lang, window.location.href);
  let messages: Messages;
  try {
    messages = await loadCatalog(language);
  } catch (error) {
    if (language === SOURCE_LANGUAGE) throw error;
    language = SOURCE_LANGUAGE;
    messages = await loadCatalog(language);
  }
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  return language;
}

/**
 * The one translator of survey texts from the compiled model: the English text is the message id,
 * and a text with no translation yet stays English.
 */
export function translateSurveyText(english: string): string {
  return i18n.messages[english] === undefined ? english : i18n._(english);
}
