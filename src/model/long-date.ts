/**
 * A moment as a receipt states it: its date and time in a language's long style, and the time zone it
 * is told in (`11 December 2026 at 12:09 UTC`, `11. Dezember 2026 um 13:09 MEZ`), in `timeZone` or the
 * reader's own. A receipt is a record kept and printed, so its time names its zone. French writes the
 * first of a month "1er", which `Intl` does not.
 */
export function longDateTime(at: Date | number, locale: string, timeZone?: string): string {
  const zone = timeZone === undefined ? {} : { timeZone };
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', ...zone });
  // dateStyle and timeStyle take no timeZoneName beside them: the zone's name is asked for on its own, and
  // follows the time it qualifies, also where the date comes after the time (Vietnamese "lúc 14:03 UTC 25 tháng 11, 2026").
  const zoneName = new Intl.DateTimeFormat(locale, { timeZoneName: 'short', ...zone }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  // format() as written (V8 writes a plain space where formatToParts keeps ICU's narrow one), the zone put in after the time's last part.
  const formatted = format.format(at);
  const parts = format.formatToParts(at);
  const lengthOf = (some: Intl.DateTimeFormatPart[]) => some.reduce((length, part) => length + part.value.length, 0);
  const timeParts = parts.slice(0, parts.findLastIndex((part) => part.type === 'hour' || part.type === 'minute' || part.type === 'dayPeriod') + 1);
  // Should an engine's two outputs not line up, the zone ends the moment, as it did before.
  const timeEnd = lengthOf(parts) === formatted.length ? lengthOf(timeParts) : formatted.length;
  const zoned = zoneName === undefined ? formatted : `${formatted.slice(0, timeEnd)} ${zoneName}${formatted.slice(timeEnd)}`;
  return /^fr\b/.test(locale) ? zoned.replace(/(^|\s)1 (?=\p{L})/u, '$11er ') : zoned;
}
