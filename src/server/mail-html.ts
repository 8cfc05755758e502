// Translated sentences into HTML without trusting either side: the translation is escaped as text,
// and only then do the values (links, addresses) go in, as HTML the caller built and escaped.
import { escapeHtml } from './html';
import type { Language } from './languages';

// Private-use characters mark where a value goes: no translation or value contains them, and
// escaping leaves them alone.
const MARK = '\u{F8FF}';

/** Stand-ins to format a message with, one per value: `{ email: '\uF8FFemail\uF8FF' }`. */
export function standIns<K extends string>(names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])) as Record<K, string>;
}

/**
 * A message formatted with `standIns`, as HTML: its text escaped, each stand-in replaced by the
 * value's HTML, and each tag pair `<0>…</0>` (as in the app's <Trans> messages) by the given open and
 * close tags. A stand-in or tag the translation lost is simply not there; the catalog check makes
 * sure translations keep the English placeholders and tags.
 */
export function messageHtml(formatted: string, values: Record<string, string>, tags: readonly (readonly [open: string, close: string])[] = []): string {
  let html = escapeHtml(formatted).replace(new RegExp(`${MARK}(\\w+)${MARK}`, 'g'), (whole, name: string) => values[name] ?? whole);
  tags.forEach(([open, close], index) => {
    html = html.split(`&lt;${index}&gt;`).join(open).split(`&lt;/${index}&gt;`).join(close);
  });
  return html;
}

/**
 * A mail's HTML: its paragraphs (HTML, escaped by the caller) in a document titled with the subject.
 * Webmail (Gmail, Outlook.com, Yahoo) shows a mail's body inside its own page and drops the <html>
 * element with its lang, so the paragraphs are wrapped in an element that says their language and
 * direction again: a screen reader then reads them in their language, and a mail client whose page is
 * right to left (Hebrew, Arabic) does not set them right to left. The 14 languages are all left to right.
 */
export function mailDocument(language: Language, title: string, paragraphs: readonly string[]): string {
  const e = escapeHtml;
  return [
    '<!doctype html>',
    `<html lang="${e(language)}"><head><meta charset="utf-8"><title>${e(title)}</title></head><body>`,
    `<div lang="${e(language)}" dir="ltr">`,
    ...paragraphs,
    '</div>',
    '</body></html>',
  ].join('\n');
}
