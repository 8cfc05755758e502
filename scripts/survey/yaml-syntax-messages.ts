// What a YAML syntax error tells an author who wrote plain text: most are texts YAML reads as something
// else (a key, an alias, a second document), and the parser's own words name its machinery, not the fix.
import { isAlias, isScalar, Scalar, visit } from 'yaml';
import type { Document, YAMLError } from 'yaml';

/** The message of a syntax error at its place: plain advice for the usual text traps, else the parser's first line. */
export function syntaxMessage(error: YAMLError, doc: Document, source: string): string {
  const start = error.pos[0];
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      // `text: Missing feature: reports`: the second colon would start a key inside the value.
      if (!/nested mappings/i.test(error.message)) break;
      return `YAML reads a colon followed by a space (or by the line's end) as a key: put the whole text in quotes, as in ${quoted(restOfLine(source, start))}`;
    case 'BAD_SCALAR_START':
      // `text: @mention`, `text: %off`, a backquote: characters YAML keeps for itself.
      return `a text cannot start with '${source.charAt(start)}' unless quoted: put the whole text in quotes, as in ${quoted(restOfLine(source, start))}`;
    case 'MULTIPLE_DOCS':
      return "'---' starts a second document, and a file holds one: remove this line (or move what follows to a file of its own)";
    case 'UNEXPECTED_TOKEN': {
      const value = /scalar at node end/i.test(error.message) ? valueBefore(doc, start) : undefined;
      if (value === undefined) break;
      const fix = `put the whole text in quotes, as in ${quoted(restOfLine(source, value.start))}`;
      if (value.kind === 'alias') return `a text that starts with '*' reads as an alias (a repeat of an anchored value): ${fix}`;
      if (value.kind === 'quoted') return `the text goes on after its closing quote: ${fix}`;
      return `the text goes on after its value ends: ${fix}`;
    }
  }
  return parserMessage(error.message);
}

/** The first line of a `yaml` error message, without its own position suffix (we print ours). */
function parserMessage(message: string): string {
  const firstLine = message.split('\n')[0] ?? message;
  const text = firstLine.replace(/ at line \d+, column \d+:?$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The text from `offset` to the end of its line, without a trailing comment. */
function restOfLine(source: string, offset: number): string {
  const line = source.slice(offset).split(/\r?\n/)[0] ?? '';
  return line.replace(/\s+#.*$/, '').trimEnd();
}

/** `text` as a double-quoted YAML scalar (JSON's escapes are YAML's). */
export function quoted(text: string): string {
  return JSON.stringify(text);
}

/** The alias or scalar that ends just before `offset`, where the parser found more text: where that text starts. */
function valueBefore(doc: Document, offset: number): { start: number; kind: 'alias' | 'quoted' | 'plain' } | undefined {
  let found: { start: number; kind: 'alias' | 'quoted' | 'plain' } | undefined;
  visit(doc, {
    Node(_key, node) {
      if (!isAlias(node) && !isScalar(node)) return;
      const range = node.range;
      if (!range || range[1] > offset || offset > range[2] || (found && found.start > range[0])) return;
      const kind = isAlias(node) ? 'alias' : node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE ? 'quoted' : 'plain';
      found = { start: range[0], kind };
    },
  });
  return found;
}
