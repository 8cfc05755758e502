/**
 * A moment as a receipt states it: its date and time in a language's long style, and the time zone it
 * is told in (`11 December 2026 at 12:09 UTC`, `11. Dezember 2026 um 13:09 MEZ`), in `timeZone` or the
 * reader's own. A receipt is a record kept and printed, so its time names its zone. French writes the
 * first of a month "1er", which `Intl` does not.
 */
export function longDateTime(at: Date | number, locale: string, timeZone?: string): string {
  const zone = timeZone === undefined ? {} : { timeZone };
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', ...zone }).format(at);
  // dateStyle and timeStyle take no timeZoneName beside them: the zone's name is asked for on its own.
  const zoneName = new Intl.DateTimeFormat(locale, { timeZoneName: 'short', ...zone }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const dated = /^fr\b/.test(locale) ? formatted.replace(/(^|\s)1 (?=\p{L})/u, '$11er ') : formatted;
  return zoneName === undefined ? dated : `${dated} ${zoneName}`;
}
