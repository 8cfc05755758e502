// Escaping for the two languages the graph is written in: DOT (quoted strings) and HTML
// (Graphviz's HTML-like labels and the HTML page around the picture). Survey texts come from
// product managers and may hold any character, so nothing is written unescaped.

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a text for HTML content and attributes, and for Graphviz HTML-like labels. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** A DOT double-quoted string: backslashes and quotes escaped, line breaks as `\n`. */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}
