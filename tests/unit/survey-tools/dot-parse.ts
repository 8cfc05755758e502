// Test support: reads the DOT that surveyGraphDot writes (one statement per line) back into
// nodes and edges with their attributes, and turns HTML-like labels into plain text.

/** One node or edge statement. */
export interface DotStatement {
  from: string;
  /** Absent for a node. */
  to?: string;
  attrs: Record<string, string>;
}

function readQuoted(source: string, start: number): [string, number] {
  let value = '';
  let i = start + 1;
  while (i < source.length && source[i] !== '"') {
    if (source[i] === '\\' && i + 1 < source.length) {
      value += source[i + 1] === 'n' ? '\n' : source[i + 1];
      i += 2;
    } else value += source[i++];
  }
  return [value, i + 1];
}

function readHtml(source: string, start: number): [string, number] {
  let depth = 0;
  let i = start;
  do {
    if (source[i] === '<') depth++;
    else if (source[i] === '>') depth--;
    i++;
  } while (depth > 0 && i < source.length);
  return [source.slice(start, i), i];
}

function readAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  let i = 0;
  while (i < source.length) {
    const key = /^[\s,]*([A-Za-z_]+)=/.exec(source.slice(i));
    if (!key?.[1]) break;
    i += key[0].length;
    const read = source[i] === '"' ? readQuoted : source[i] === '<' ? readHtml : undefined;
    if (!read) throw new Error(`unexpected attribute value at '${source.slice(i, i + 20)}'`);
    const [value, end] = read(source, i);
    attrs[key[1]] = value;
    i = end;
  }
  return attrs;
}

/** The node and edge statements of a DOT source. */
export function parseDot(dot: string): DotStatement[] {
  const statements: DotStatement[] = [];
  for (const line of dot.split('\n')) {
    const match = /^\s*("(?:[^"\\]|\\.)*")(?:\s*->\s*("(?:[^"\\]|\\.)*"))?\s*\[(.*)\];$/.exec(line);
    if (!match?.[1] || match[3] === undefined) continue;
    const from = readQuoted(match[1], 0)[0];
    const to = match[2] === undefined ? undefined : readQuoted(match[2], 0)[0];
    statements.push({ from, to, attrs: readAttrs(match[3]) });
  }
  return statements;
}

/** Decodes the entities Graphviz and our escaping write. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The words of an HTML-like label, line breaks as spaces, tags dropped, entities decoded. */
export function labelText(label: string | undefined): string {
  if (label === undefined) return '';
  const inner = label.startsWith('<') && label.endsWith('>') ? label.slice(1, -1) : label;
  return decodeEntities(inner.replace(/<br[^>]*>/g, ' ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}
