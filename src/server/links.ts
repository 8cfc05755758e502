const HREF = /\bhref\s*=\s*("([^"]*)"|'([^']*)')/gi;
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isLink(value: string): boolean {
  return /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'));
}

/** The absolute (http/https) and root-relative URLs a mail contains, in order of first appearance, without duplicates. */
export function extractLinks(text: string, html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(HREF)) found.push(decodeEntities(match[2] ?? match[3] ?? ''));
  for (const match of text.matchAll(URL_IN_TEXT)) found.push(match[0]);
  return [...new Set(found.filter(isLink))];
}
