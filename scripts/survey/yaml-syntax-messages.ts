// What a YAML syntax error tells an author who wrote plain text: most are texts YAML reads as something
// else (a key, an alias, a list, a second document) or a line YAML cannot place (a tab, a space too many or
// too few, a dash or a colon without its space), and the parser's own words name its machinery, not the fix.
import { isAlias, isMap, isScalar, isSeq, Scalar, visit } from 'yaml';
import type { Document, YAMLError } from 'yaml';

/** A syntax error as the author should read it: the offset of the place to edit, and what to do there. */
export interface SyntaxAdvice {
  offset: number;
  message: string;
}

/**
 * The advice for a syntax error. First what is wrong with its line as written (a tab in the indentation,
 * a list item's dash without its space, an indentation that lines up with no block above), then plain
 * advice for the usual text traps, else the parser's first line, at the parser's place. Meant for the
 * first syntax error of a file: what the parser reports after one is mostly its consequence.
 */
export function syntaxAdvice(error: YAMLError, doc: Document, source: string): SyntaxAdvice {
  const lines = sourceLines(source);
  // An indentation error may be reported at the blank or comment lines before the line it is about.
  const reported = lineIndexAt(lines, error.pos[0]);
  const at = isContent(lines[reported]?.text ?? '') ? reported : nextContentLine(lines, reported);
  const advice = lineAdvice(lines, at) ?? (colonOnLaterLine(error, source) ? lineAdvice(lines, nextContentLine(lines, at)) : undefined);
  return advice ?? textAdvice(error, doc, source) ?? { offset: error.pos[0], message: parserMessage(error.message) };
}

/** Advice for what YAML reads as something else than the text meant, at the place to edit; undefined when none fits. */
function textAdvice(error: YAMLError, doc: Document, source: string): SyntaxAdvice | undefined {
  const start = error.pos[0];
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      // `text: Missing feature: reports`: the second colon would start a key inside the value.
      if (!/nested mappings/i.test(error.message) || colonOnLaterLine(error, source)) return undefined;
      return { offset: start, message: `YAML reads a colon followed by a space (or by the line's end) as a key: ${quoteFix(restOfLine(source, start))}` };
    case 'BAD_SCALAR_START':
      // `text: @mention`, `text: %off`, a backquote: characters YAML keeps for itself.
      return { offset: start, message: cannotStart(source.charAt(start), restOfLine(source, start)) };
    case 'MULTIPLE_DOCS':
      return { offset: start, message: "'---' starts a second document, and a file holds one: remove this line (or move what follows to a file of its own)" };
    case 'UNEXPECTED_TOKEN': {
      const value = /scalar at node end/i.test(error.message) ? valueBefore(doc, start) : undefined;
      if (value === undefined) return undefined;
      const written = restOfLine(source, value.start);
      // `text: [Beta] budget`, `text: {plan} is yours`: YAML reads the brackets as a list or a map.
      if (value.kind === 'flow') return { offset: value.start, message: cannotStart(source.charAt(value.start), written) };
      if (value.kind === 'alias') return { offset: start, message: `a text that starts with '*' reads as an alias (a repeat of an anchored value): ${quoteFix(written)}` };
      if (value.kind === 'quoted') return { offset: start, message: `the text goes on after its closing quote: ${quoteFix(written)}` };
      return { offset: start, message: `the text goes on after its value ends: ${quoteFix(written)}` };
    }
  }
  return undefined;
}

const quoteFix = (written: string): string => `put the whole text in quotes, as in ${quoted(written)}`;

const cannotStart = (char: string, written: string): string => `a text cannot start with '${char}' unless quoted: ${quoteFix(written)}`;

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

type ValueKind = 'alias' | 'quoted' | 'plain' | 'flow';

/** The value that ends just before `offset`, where the parser found more text: where that value starts. */
function valueBefore(doc: Document, offset: number): { start: number; kind: ValueKind } | undefined {
  let found: { start: number; kind: ValueKind } | undefined;
  visit(doc, {
    Node(_key, node) {
      const flow = (isMap(node) || isSeq(node)) && node.flow === true;
      if (!isAlias(node) && !isScalar(node) && !flow) return;
      const range = node.range;
      if (!range || range[1] > offset || offset > range[2] || (found && found.start > range[0])) return;
      const kind: ValueKind = flow
        ? 'flow'
        : isAlias(node)
          ? 'alias'
          : isScalar(node) && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE)
            ? 'quoted'
            : 'plain';
      found = { start: range[0], kind };
    },
  });
  return found;
}

// ---- the line of an error, as written ------------------------------------------------------------

interface SourceLine {
  /** The offset of the line's first character in the source. */
  start: number;
  /** The line without its line break. */
  text: string;
}

function sourceLines(source: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = 0;
  for (const text of source.split('\n')) {
    lines.push({ start, text: text.replace(/\r$/, '') });
    start += text.length + 1;
  }
  return lines;
}

function lineIndexAt(lines: readonly SourceLine[], offset: number): number {
  let index = 0;
  while (index + 1 < lines.length && (lines[index + 1]?.start ?? Infinity) <= offset) index += 1;
  return index;
}

/** A line that holds YAML: neither blank nor a comment of its own (a comment may be indented anyhow). */
function isContent(text: string): boolean {
  // trim() takes a byte order mark for white space too.
  const trimmed = text.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}

function nextContentLine(lines: readonly SourceLine[], index: number): number {
  let next = index + 1;
  while (next < lines.length && !isContent(lines[next]?.text ?? '')) next += 1;
  return next;
}

/**
 * A nested-mapping error whose value has no `: ` on its own line: the colon YAML stumbled on is on a line
 * below, which the parser read as more of the value (`text: Y` with the next key indented too far).
 */
function colonOnLaterLine(error: YAMLError, source: string): boolean {
  if (error.code !== 'BLOCK_AS_IMPLICIT_KEY' && error.code !== 'MULTILINE_IMPLICIT_KEY') return false;
  return !/:(\s|$)/.test(restOfLine(source, error.pos[0]));
}

/** What is wrong with the line at `index` as written, whatever the parser made of it; undefined when it looks right. */
function lineAdvice(lines: readonly SourceLine[], index: number): SyntaxAdvice | undefined {
  const line = lines[index];
  if (!line || !isContent(line.text)) return undefined;
  const tab = /^[ \t]*/.exec(line.text)?.[0].indexOf('\t') ?? -1;
  if (tab >= 0) return { offset: line.start + tab, message: 'YAML does not allow tabs for indentation: use spaces' };
  // `-id: no-time`: without a space the dash is part of the key, and the item is no item.
  const dash = /^( *)-([^\s\-#&*!|>'"%@`,[\]{}][^\s:]*):(\s|$)/.exec(line.text);
  if (dash) {
    const [, indent = '', key = ''] = dash;
    return { offset: line.start + indent.length, message: `a list item needs a space after the dash: - ${key}:` };
  }
  // `next:downgrade-offer` where a key was meant: without a space after it, the colon is part of a text.
  const shape = shapeOf(line.text, index);
  const glued = /^([A-Za-z_][\w-]*):(?!\/\/)([^\s:].*)$/.exec(line.text.slice(shape.keyCol).replace(/\s+#.*$/, '').trimEnd());
  if (glued) {
    const [, key = '', value = ''] = glued;
    return { offset: line.start + shape.keyCol + key.length, message: `put a space after the colon: ${key}: ${value}` };
  }
  return misindented(lines, index);
}

/** The shape of a line of YAML, as far as its indentation goes. */
interface Shape {
  line: number;
  text: string;
  /** Spaces before the line's first character. */
  indent: number;
  /** Whether it starts a list item (`- `). */
  dash: boolean;
  /** The column (0-based) of what follows its dashes: a key, or the item's value. */
  keyCol: number;
  /** Whether a key starts at `keyCol` (a list item may hold a text only). */
  keyed: boolean;
  /** Whether what follows is more indented and belongs to it: `key:`, `key: |`, a dash alone. */
  opens: boolean;
}

function shapeOf(text: string, line: number): Shape {
  const indent = /^ */.exec(text)?.[0].length ?? 0;
  let keyCol = indent;
  let dash = false;
  for (let item = /^-( +|$)/.exec(text.slice(keyCol)); item; item = /^-( +|$)/.exec(text.slice(keyCol))) {
    dash = true;
    keyCol += item[0].length;
  }
  const rest = text.slice(keyCol).replace(/(^|\s)#.*$/, '').trimEnd();
  const keyed = /^("[^"]*"|'[^']*'|[^\s"'#][^:#]*?):(\s|$)/.test(rest);
  return { line, text, indent, dash, keyCol, keyed, opens: rest === '' || /:(\s+[|>][-+0-9]*)?$/.test(rest) };
}

/** The lines a line could be part of, outermost first, each deeper than the one before. */
type Open = readonly Shape[];

/** A column `here` could take after the lines of `open`, and the line above that holds it. */
interface Column {
  col: number;
  shape: Shape;
}

/** The columns a line like `here` may take after `open`: a key's (or a list item's dash) of a block still open. */
function columnsFor(open: Open, here: Shape): Column[] {
  return open.flatMap((shape) => (here.dash ? (shape.dash ? [{ col: shape.indent, shape }] : []) : shape.keyed ? [{ col: shape.keyCol, shape }] : []));
}

/** Whether `here` may stand where it is after `open`: at a column of `columnsFor`, or deeper than a key that opens a block just above. */
function fits(open: Open, here: Shape): boolean {
  const previous = open.at(-1);
  if (!previous) return true;
  if (previous.opens && (here.dash ? here.indent >= previous.keyCol : here.indent > previous.keyCol)) return true;
  return columnsFor(open, here).some(({ col }) => col === here.indent);
}

const DIFFERENTLY = 'this line is indented differently from the lines of its block';

/**
 * An indentation that lines up with no block open above the line: neither with a key (or a list item's
 * dash) of the blocks it could belong to, nor deeper than a key that opens a block. The advice names the
 * nearest column it could mean and the line above that holds it, or the line above that is out of place.
 */
function misindented(lines: readonly SourceLine[], index: number): SyntaxAdvice | undefined {
  const line = lines[index];
  if (!line || !isContent(line.text)) return undefined;
  const here = shapeOf(line.text, index);
  // The open lines before this one and before the line above it; and how far the file indents the first
  // line of a block past the key that opens it (its usual step).
  let open: Shape[] = [];
  let openBeforePrevious: Shape[] = [];
  const steps: { child: number; step: number }[] = [];
  for (let above = 0; above < index; above += 1) {
    const text = lines[above]?.text ?? '';
    if (!isContent(text) || /^(---|\.\.\.)(\s|$)/.test(text)) continue;
    const shape = shapeOf(text, above);
    openBeforePrevious = [...open];
    while (open.length > 0 && closedBy(open[open.length - 1] as Shape, shape)) open.pop();
    const parent = open.at(-1);
    if (parent?.opens && parent.line === lastContentLineBefore(lines, above)) steps.push({ child: above, step: shape.indent - parent.keyCol });
    open = [...open, shape];
  }
  if (fits(open, here)) return undefined;
  const columns = columnsFor(open, here);
  // The nearest column, and of two as near the deeper: the block the line is likelier to continue.
  let best: Column | undefined;
  for (const column of columns) {
    if (!best || Math.abs(column.col - here.indent) <= Math.abs(best.col - here.indent)) best = column;
  }
  if (!best) return undefined;
  const firstOutOfPlace = firstLineOutOfPlace(open, best, here, steps, lines);
  if (firstOutOfPlace) {
    const { first, moved } = firstOutOfPlace;
    // A list item's dash goes to `moved`; what lines up with the line below is its key.
    const what = first.dash && !here.dash ? `'${labelAt(first, first.keyCol)}'` : 'it';
    const col = first.dash && !here.dash ? moved + first.keyCol - first.indent : moved;
    return {
      offset: (lines[first.line]?.start ?? 0) + first.indent,
      message: `${DIFFERENTLY}: line ${what} up with '${labelAt(here, here.indent)}' on line ${index + 1} (column ${col + 1})`,
    };
  }
  const lineUpWith = ({ col, shape }: Column): string => `'${labelAt(shape, col)}' on line ${shape.line + 1} (column ${col + 1})`;
  // As near the other way: the author may mean either block.
  const other = columns.findLast(({ col }) => col !== best.col && Math.abs(col - here.indent) === Math.abs(best.col - here.indent));
  let advice = `line it up with ${lineUpWith(best)}${other ? ` or with ${lineUpWith(other)}` : ''}`;
  // The line above closed a block (it took the place of a line before it) that this one fits: that line
  // may be the one out of place.
  const previous = open.at(-1);
  if (previous && open.length <= openBeforePrevious.length && fits(openBeforePrevious, here)) {
    const moved = here.indent - (previous.dash && !here.dash ? previous.keyCol - previous.indent : 0);
    advice += `; or, if line ${previous.line + 1} is the one out of place, move it to column ${moved + 1}`;
  } else if (!here.dash && open.some((shape) => shape.dash && shape.indent === here.indent)) {
    advice += ", or start a new list item with '- '";
  }
  return { offset: line.start + here.indent, message: `${DIFFERENTLY}: ${advice}` };
}

/** Whether a line of `shape` ends the block of `top`: it is no more indented, but for a list under a key at the key's own column. */
function closedBy(top: Shape, shape: Shape): boolean {
  if (top.indent > shape.indent) return true;
  return top.indent === shape.indent && !(shape.dash && !top.dash && top.opens);
}

/**
 * The line above that is out of place rather than `here`: the first line of a block, alone at its column
 * so far, when `here` sits the file's usual step past the key that opens the block and that first line
 * does not. A block takes its column from its first line, so the parser blames a later one (`limits:`
 * with `   comment:` one space too deep, then `  name:`). `moved` is the column its key (or dash) goes to.
 */
function firstLineOutOfPlace(
  open: Open,
  best: Column,
  here: Shape,
  steps: readonly { child: number; step: number }[],
  lines: readonly SourceLine[],
): { first: Shape; moved: number } | undefined {
  const first = best.shape;
  const parent = open[open.indexOf(first) - 1];
  const moved = first.indent + here.indent - best.col;
  // The file's first line, indented where the lines after it are not.
  if (!parent) return lastContentLineBefore(lines, first.line) < 0 && moved === 0 ? { first, moved } : undefined;
  if (!parent.opens || lastContentLineBefore(lines, first.line) !== parent.line) return undefined;
  const counts = new Map<number, number>();
  for (const { child, step } of steps) if (child !== first.line) counts.set(step, (counts.get(step) ?? 0) + 1);
  let usual = 2;
  let seen = 0;
  for (const [step, count] of counts) {
    if (count > seen) [usual, seen] = [step, count];
  }
  return moved - parent.keyCol === usual && first.indent - parent.keyCol !== usual ? { first, moved } : undefined;
}

function lastContentLineBefore(lines: readonly SourceLine[], index: number): number {
  let before = index - 1;
  while (before >= 0 && !isContent(lines[before]?.text ?? '')) before -= 1;
  return before;
}

/** What a line shows at a column: its key with the colon (`text:`), or its dash and key (`- id:`). */
function labelAt(shape: Shape, col: number): string {
  const from = shape.text.slice(col).replace(/(^|\s)#.*$/, '').trim();
  const key = /^(-\s+)*[^:]*?:(?=\s|$)/.exec(from)?.[0];
  const label = (key ?? from).replace(/^(-)\s+/, '$1 ');
  return label.length > 40 ? `${label.slice(0, 39)}…` : label;
}
