// The interface languages are one list for the app and the server: it lives in src/model.
import { primaryLanguage, type Language } from '../model';

export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageOf, type Language } from '../model';

/** At most this many ranges of an Accept-Language header are read: a browser sends a handful. */
const MAX_RANGES = 20;

/**
 * The first of our languages a browser's Accept-Language asks for (`de-CH, fr;q=0.8` → `de`), by
 * quality and then order; undefined when it names none of them (or only with q=0). The page of a
 * visitor without a session has no language setting of its own: an emailed link opened on another
 * device is read in the browser's language rather than English (decision 177).
 */
export function preferredLanguage(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined) return undefined;
  const ranges = value
    .split(',')
    .slice(0, MAX_RANGES)
    .map((range, index) => {
      const [tag, ...parameters] = range.split(';').map((part) => part.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { language: primaryLanguage(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.quality > 0 && range.language !== undefined)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges[0]?.language;
}
