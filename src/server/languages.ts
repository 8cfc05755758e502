// The interface languages are one list for the app and the server: it lives in src/model.
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageOf, type Language } from '../model';
