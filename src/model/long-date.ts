/**
 * A moment as a receipt states it: its date and time in a language's long style (`11 December 2026
 * at 12:09`), in `timeZone` or the reader's own. French writes the first of a month "1er", which
 * `Intl` does not.
 */
export function longDateTime(at: Date | number, locale: string, timeZone?: string): string {
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', ...(timeZone === undefined ? {} : { timeZone }) }).format(at);
  return /^fr\b/.test(locale) ? formatted.replace(/(^|\s)1 (?=\p{L})/u, '$11er ') : formatted;
}
