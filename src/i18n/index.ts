// Lingui for the whole app: one i18n instance, one lazily loaded catalog chunk per language, one
// translator for survey texts.
import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { PSEUDO_LOCALE, resolveLocale, SOURCE_LANGUAGE, type Locale } from './languages';
import { pseudoAllowed, pseudoWanted } from './pseudo-switch';

export { i18n };
export { LANGUAGES, PSEUDO_LOCALE, SOURCE_LANGUAGE, resolveLanguage, resolveLocale, type Language, type Locale } from './languages';
export { PSEUDO_META } from './pseudo-switch';

type CatalogModule = { messages: Messages };

// A survey text no catalog holds yet (added without running the extraction) stands in English,
// compiled from its id so that its ICU arguments and plurals still render. Lingui does this itself
// outside production; a production build that lets missing translations through
// (I18N_ALLOW_MISSING=1, build.mjs defines it) needs the compiler too. Other production builds
// drop this line and the ICU parser with it: their catalogs are complete.
if (process.env.I18N_ALLOW_MISSING === '1') i18n.setMessagesCompiler(compileMessage);

/** Each locale's compiled catalog without the emails' texts (src/generated/locales/app, scripts/i18n/compile.mjs), each its own chunk. */
const CATALOGS: Record<Locale, () => Promise<CatalogModule>> = {
  de: () => import('../generated/locales/app/de'),
  en: () => import('../generated/locales/app/en'),
  es: () => import('../generated/locales/app/es'),
  fr: () => import('../generated/locales/app/fr'),
  it: () => import('../generated/locales/app/it'),
  ja: () => import('../generated/locales/app/ja'),
  ko: () => import('../generated/locales/app/ko'),
  nl: () => import('../generated/locales/app/nl'),
  pl: () => import('../generated/locales/app/pl'),
  pt: () => import('../generated/locales/app/pt'),
  sv: () => import('../generated/locales/app/sv'),
  tr: () => import('../generated/locales/app/tr'),
  vi: () => import('../generated/locales/app/vi'),
  zh: () => import('../generated/locales/app/zh'),
  [PSEUDO_LOCALE]: () => import('../generated/locales/app/pseudo-LOCALE'),
};

/**
 * Each locale's messages that only the screens after a survey page's first ones show (the main,
 * no-subscription and confirm pages, the confirmations, offers and declaration): each its own chunk,
 * loaded with those screens (loadLaterMessages). The build picks them from its module graph
 * (scripts/build/catalog-split.mjs).
 */
const LATER_CATALOGS: Record<Locale, () => Promise<CatalogModule>> = {
  de: () => import('../generated/locales/app/de.later'),
  en: () => import('../generated/locales/app/en.later'),
  es: () => import('../generated/locales/app/es.later'),
  fr: () => import('../generated/locales/app/fr.later'),
  it: () => import('../generated/locales/app/it.later'),
  ja: () => import('../generated/locales/app/ja.later'),
  ko: () => import('../generated/locales/app/ko.later'),
  nl: () => import('../generated/locales/app/nl.later'),
  pl: () => import('../generated/locales/app/pl.later'),
  pt: () => import('../generated/locales/app/pt.later'),
  sv: () => import('../generated/locales/app/sv.later'),
  tr: () => import('../generated/locales/app/tr.later'),
  vi: () => import('../generated/locales/app/vi.later'),
  zh: () => import('../generated/locales/app/zh.later'),
  [PSEUDO_LOCALE]: () => import('../generated/locales/app/pseudo-LOCALE.later'),
};

/** Loads a code chunk; the app passes one with the spec's time-out and a clear error (monitoring's loadChunk). */
export type ChunkLoader = <T>(chunk: string, load: () => Promise<T>) => Promise<T>;

const plainLoad: ChunkLoader = (_chunk, load) => load();

/** The `<html lang>` for a locale: the pseudo-locale is English underneath. */
const htmlLang = (locale: Locale) => (locale === PSEUDO_LOCALE ? 'en-XA' : locale);

/**
 * Loads and activates the page's locale (spec §2): the server's language setting from `<html lang>`,
 * English for a language we do not ship, English on a 'plan' page, the pseudo-locale where the server
 * allows it and `?lang=pseudo` asked for it. A catalog that fails to load rejects: the caller
 * reports it and may fall back to English (activateFallbackLanguage).
 */
export async function activatePageLanguage(loadChunk: ChunkLoader = plainLoad): Promise<Locale> {
  const url = window.location.href;
  const locale = resolveLocale({
    pageLanguage: document.documentElement.lang,
    url,
    pseudoAllowed: pseudoAllowed(document),
    pseudoWanted: pseudoWanted(url),
  });
  return activateLocale(locale, loadChunk);
}

/**
 * Loads and activates English, for a page whose own catalog failed to load: a customer who can
 * read the page in English can still cancel, where a page left empty helps nobody.
 */
export function activateFallbackLanguage(loadChunk: ChunkLoader = plainLoad): Promise<Locale> {
  return activateLocale(SOURCE_LANGUAGE, loadChunk);
}

const laterLoads = new Map<Locale, Promise<void>>();
let languageActive: () => void = () => undefined;
/** Settles once the page's language is active (its own, or English in its place). */
const activeLanguage = new Promise<void>((resolve) => (languageActive = resolve));

/**
 * Adds (once per language; again after a failure) the later screens' messages to the active
 * language's, once the page has activated one: their loaders wait for it with their code, which may
 * start loading before the language is known. On the server there is nothing to add: it renders
 * with the whole catalogs (src/ssr/render.tsx).
 */
export async function loadLaterMessages(loadChunk: ChunkLoader = plainLoad): Promise<void> {
  if (typeof document === 'undefined') return;
  await activeLanguage;
  const locale = i18n.locale as Locale;
  let load = laterLoads.get(locale);
  if (!load) {
    load = loadChunk(`messages-later-${locale}`, LATER_CATALOGS[locale]).then(({ messages }) => i18n.load(locale, messages));
    load.catch(() => laterLoads.delete(locale));
    laterLoads.set(locale, load);
  }
  await load;
}

/** A screen's loader that also loads the later screens' messages (loadLaterMessages), settling with the screen's module once both are here. */
export function withLaterMessages<M>(load: () => Promise<M>, loadChunk: ChunkLoader = plainLoad): () => Promise<M> {
  return () => Promise.all([load(), loadLaterMessages(loadChunk)]).then(([module]) => module);
}

async function activateLocale(locale: Locale, loadChunk: ChunkLoader): Promise<Locale> {
  const { messages } = await loadChunk(`messages-${locale}`, CATALOGS[locale]);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = htmlLang(locale);
  languageActive();
  return locale;
}

/** The values a survey text's ICU arguments take: an offer's `{percent}`, `{months}` and `{plan}`. */
export type SurveyTextValues = Readonly<Record<string, string | number | undefined>>;

/**
 * The one translator of survey texts from the compiled model: the English text is the message id, an
 * ICU message (`{months, plural, one {# month} other {# months}}`) rendered with `values` by the
 * active language's plural rules. Every survey text is in every catalog (the build compiles them
 * strictly), but the app's catalogs leave out a plain text that reads the same in their language
 * (every one in English: scripts/i18n/app-catalogs.ts), and this gives it as it stands. The English
 * fallback of Lingui only covers an ICU text added without running the extraction.
 */
export function translateSurveyText(english: string, values?: SurveyTextValues): string {
  // Before a language is active nothing is on screen; Lingui would throw.
  if (!i18n.locale || (i18n.messages[english] === undefined && !english.includes('{'))) return english;
  return i18n._(english, values);
}
