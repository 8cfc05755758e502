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
  const aboutNextLine = colonOnLaterLine(error, source) || atLineEnd(lines[at], error.pos[0]);
  const advice = lineAdvice(lines, at) ?? (aboutNextLine ? lineAdvice(lines, nextContentLine(lines, at)) : undefined);
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

/**
 * Whether an error is reported after the last character of its line (but a comment): the parser met the
 * line break and found the line below out of place (`answers:`, then a list item one space short).
 */
function atLineEnd(line: SourceLine | undefined, offset: number): boolean {
  return line !== undefined && offset >= line.start + line.text.replace(/\s+#.*$/, '').trimEnd().length;
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

/**
 * The columns a line like `here` may take after `open`: a key's (or a list item's dash) of a block still
 * open, and for a dash after a key that opens a block, the key's own column (a list written flush with its key).
 */
function columnsFor(open: Open, here: Shape): Column[] {
  const columns = open.flatMap((shape) => (here.dash ? (shape.dash ? [{ col: shape.indent, shape }] : []) : shape.keyed ? [{ col: shape.keyCol, shape }] : []));
  const previous = open.at(-1);
  if (here.dash && previous?.opens && previous.keyed && here.indent < previous.keyCol) columns.push({ col: previous.keyCol, shape: previous });
  return columns;
}

/** Whether `here` may stand where it is after `open`: at a column of `columnsFor`, or deeper than a key that opens a block just above. */
function fits(open: Open, here: Shape): boolean {
  const previous = open.at(-1);
  if (!previous) return true;
  if (previous.opens && (here.dash ? here.indent >= previous.keyCol : here.indent > previous.keyCol)) return true;
  return columnsFor(open, here).some(({ col }) => col === here.indent);
}

/** The open lines after a line of `shape` follows `open`. */
function withLine(open: Open, shape: Shape): Shape[] {
  const kept = [...open];
  while (kept.length > 0 && closedBy(kept[kept.length - 1] as Shape, shape)) kept.pop();
  return [...kept, shape];
}

/** A line of the source moved to another column. */
interface Move {
  line: number;
  col: number;
}

/** The shape of the line at `index`, at the column `move` gives it; undefined for a line that holds no YAML. */
function shapeAt(lines: readonly SourceLine[], index: number, move?: Move): Shape | undefined {
  const text = lines[index]?.text ?? '';
  if (!isContent(text) || /^(---|\.\.\.)(\s|$)/.test(text)) return undefined;
  return shapeOf(move?.line === index ? `${' '.repeat(move.col)}${text.trimStart()}` : text, index);
}

/** How far the first line of a block (`child`) is indented past the key on the line above that opens it (`opener`), and whether it is a list item. */
interface Step {
  opener: number;
  child: number;
  step: number;
  dash: boolean;
}

/** The lines open before the line at `index`, and before the content line above it. */
function blocksBefore(lines: readonly SourceLine[], index: number): { open: Shape[]; openBeforePrevious: Shape[] } {
  let open: Shape[] = [];
  let openBeforePrevious: Shape[] = [];
  for (let above = 0; above < index; above += 1) {
    const shape = shapeAt(lines, above);
    if (!shape) continue;
    openBeforePrevious = open;
    open = withLine(open, shape);
  }
  return { open, openBeforePrevious };
}

/** The steps of the blocks of the file, each its first line's indentation past the key that opens it. */
function blockSteps(lines: readonly SourceLine[]): Step[] {
  const steps: Step[] = [];
  let previous: Shape | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const shape = shapeAt(lines, index);
    if (!shape) continue;
    if (previous?.opens && !closedBy(previous, shape)) steps.push({ opener: previous.line, child: index, step: shape.indent - previous.keyCol, dash: shape.dash });
    previous = shape;
  }
  return steps;
}

/** Whether, with `move` made, each line from the moved one through `last` stands where it may. */
function fitsWithMove(lines: readonly SourceLine[], move: Move, last: number): boolean {
  let open: Shape[] = [];
  for (let index = 0; index <= last && index < lines.length; index += 1) {
    const shape = shapeAt(lines, index, move);
    if (!shape) continue;
    if (index >= move.line && !fits(open, shape)) return false;
    open = withLine(open, shape);
  }
  return true;
}

/** Whether `below`, the line after `key`, starts the block `key` opens: deeper than its key, or for a list at the key's column. */
function startsBlockOf(key: Shape, below: Shape): boolean {
  return key.opens && (below.dash ? below.indent >= key.keyCol : below.indent > key.keyCol);
}

/** Whether the line of `shape`, moved to `col`, still opens the block below it (moved onto that block's column, it would leave it). */
function keepsItsBlock(lines: readonly SourceLine[], shape: Shape, col: number): boolean {
  const below = shapeAt(lines, nextContentLine(lines, shape.line));
  if (!below || !startsBlockOf(shape, below)) return true;
  const moved = shapeAt(lines, shape.line, { line: shape.line, col });
  return moved !== undefined && startsBlockOf(moved, below);
}

/** A line above `here` that, moved to `col`, lets the lines after it through `here` stand where they are. */
interface LineAbove {
  shape: Shape;
  col: number;
  /** The line above the moved one that holds `col`. */
  holder: Column;
  /** Whether `here` is a list item that stands where it should. */
  inPlace: boolean;
}

/**
 * The line above that is out of place when `here` lines up with no block, or only with one the slip made.
 * In a list written flush with its key, a key moved left by the list's step lands on a column of the block
 * around the list, which is a place it may stand; the parser stumbles only at the next list item, which
 * the key has cut off from its list (or, with the list's key moved right, put under another block).
 */
function lineAboveOutOfPlace(lines: readonly SourceLine[], index: number, open: Open, here: Shape): LineAbove | undefined {
  for (const line of linesThatMayHaveMoved(lines, index, open, here)) {
    const shape = shapeAt(lines, line);
    if (!shape) continue;
    const before = blocksBefore(lines, line).open;
    const holder = columnToMoveTo(lines, shape, before, nextContentLine(lines, index));
    if (holder) return { shape, col: holder.col, holder, inPlace: itemInPlace(lines, here, before) };
  }
  return undefined;
}

/** The line just above `here`, and the last line above no deeper than `here` (the lines between are its block). */
function linesThatMayHaveMoved(lines: readonly SourceLine[], index: number, open: Open, here: Shape): number[] {
  let closer = lastContentLineBefore(lines, index);
  while (closer >= 0 && (shapeAt(lines, closer)?.indent ?? Infinity) > here.indent) closer = lastContentLineBefore(lines, closer);
  const previous = open.at(-1)?.line;
  return [...new Set([previous, closer])].filter((line): line is number => line !== undefined && line >= 0);
}

/**
 * The column the line of `shape` could move to, and the line above that holds it: of the columns it may
 * take after `before`, the nearest (of two as near, the deeper) at which it keeps the block below it and
 * the lines from it through `last` stand where they may.
 */
function columnToMoveTo(lines: readonly SourceLine[], shape: Shape, before: Open, last: number): Column | undefined {
  return columnsFor(before, shape)
    .filter(({ col }) => col !== shape.indent)
    .sort((a, b) => Math.abs(a.col - shape.indent) - Math.abs(b.col - shape.indent) || b.col - a.col || b.shape.line - a.shape.line)
    .find(({ col }) => keepsItsBlock(lines, shape, col) && fitsWithMove(lines, { line: shape.line, col }, last));
}

/** Whether the list item `here` stands where it should: it continues a list open before the line that moved (`before`), or its item goes on below it. */
function itemInPlace(lines: readonly SourceLine[], here: Shape, before: Open): boolean {
  if (!here.dash) return false;
  if (before.some((shape) => shape.dash && shape.indent === here.indent)) return true;
  return here.keyed && keyColumnBelow(lines, here) === here.keyCol;
}

const DIFFERENTLY = 'this line is indented differently from the lines of its block';

/** The advice at a line above that is out of place: the column to move it to, and the line above that holds it. */
function moveLineAbove(lines: readonly SourceLine[], { shape, col, holder }: LineAbove): SyntaxAdvice {
  return {
    offset: (lines[shape.line]?.start ?? 0) + shape.indent,
    message: `${DIFFERENTLY}: line it up with '${labelAt(holder.shape, col)}' on line ${holder.shape.line + 1} (column ${col + 1})`,
  };
}

/**
 * An indentation that lines up with no block open above the line: neither with a key (or a list item's
 * dash) of the blocks it could belong to, nor deeper than a key that opens a block. The advice names the
 * nearest column it could mean and the line above that holds it, or the line above that is out of place
 * (at that line when this one can stand nowhere else, or is a list item in its place).
 */
function misindented(lines: readonly SourceLine[], index: number): SyntaxAdvice | undefined {
  const line = lines[index];
  if (!line || !isContent(line.text)) return undefined;
  const here = shapeOf(line.text, index);
  const { open, openBeforePrevious } = blocksBefore(lines, index);
  if (fits(open, here)) return undefined;
  const columns = columnsFor(open, here);
  // The nearest column, and of two as near the deeper: the block the line is likelier to continue.
  let best: Column | undefined;
  for (const column of columns) {
    if (!best || Math.abs(column.col - here.indent) <= Math.abs(best.col - here.indent)) best = column;
  }
  const above = lineAboveOutOfPlace(lines, index, open, here);
  // A line that lines up with no block, or a list item in its place: the line above moved.
  if (above && (!best || above.inPlace)) return moveLineAbove(lines, above);
  if (!best) return undefined;
  const firstOutOfPlace = firstLineOutOfPlace(open, best, here, lines);
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
  } else if (above) {
    advice += `; or, if line ${above.shape.line + 1} is the one out of place, move it to column ${above.col + 1}`;
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
 * The block's next line like the first (a list item, or a key) says which column is the block's; else,
 * of two list items, the keys below the second say which item they go with; else the file's usual step
 * does, of the blocks that start like the first line: a file may indent its lists under a key by another
 * step than its maps, or not at all.
 */
function firstLineOutOfPlace(open: Open, best: Column, here: Shape, lines: readonly SourceLine[]): { first: Shape; moved: number } | undefined {
  const first = best.shape;
  const parent = open[open.indexOf(first) - 1];
  const moved = first.indent + here.indent - best.col;
  // The file's first line, indented where the lines after it are not.
  if (!parent) return lastContentLineBefore(lines, first.line) < 0 && moved === 0 ? { first, moved } : undefined;
  if (!parent.opens || lastContentLineBefore(lines, first.line) !== parent.line) return undefined;
  const sibling = laterSiblingColumn(lines, here, first, moved);
  if (sibling !== undefined) return sibling === moved ? { first, moved } : undefined;
  const itemKeys = here.dash && first.dash ? keyColumnBelow(lines, here) : undefined;
  if (itemKeys === here.keyCol) return { first, moved };
  if (itemKeys === first.keyCol) return undefined;
  // The blocks the slip may have moved (the first line's and this line's) do not count.
  const others = blockSteps(lines).filter(({ opener, child }) => child !== first.line && child !== here.line && opener !== here.line);
  const alike = others.filter(({ dash }) => dash === first.dash);
  const usual = usualStep(alike.length > 0 ? alike : others);
  return moved - parent.keyCol === usual && first.indent - parent.keyCol !== usual ? { first, moved } : undefined;
}

/**
 * Where the block's lines after `here` go on: at `first`'s column or at `moved`, the first line like
 * `first` (a list item, or a key) at one of them, with only deeper lines between (a line no deeper is
 * of another block). The block's own lines say where its first line goes.
 */
function laterSiblingColumn(lines: readonly SourceLine[], here: Shape, first: Shape, moved: number): number | undefined {
  const columns = new Set([moved, first.indent]);
  for (let index = nextContentLine(lines, here.line); index < lines.length && columns.size > 0; index = nextContentLine(lines, index)) {
    const shape = shapeAt(lines, index);
    if (!shape) continue;
    for (const col of columns) {
      if (shape.indent === col && shape.dash === first.dash) return col;
      if (shape.indent <= col) columns.delete(col);
    }
  }
  return undefined;
}

/** The column of the key on the line below `here`; undefined when that line is no key or a list item. */
function keyColumnBelow(lines: readonly SourceLine[], here: Shape): number | undefined {
  const below = shapeAt(lines, nextContentLine(lines, here.line));
  return below && !below.dash && below.keyed ? below.indent : undefined;
}

/** The step most blocks take; two spaces when there are none. */
function usualStep(steps: readonly Step[]): number {
  const counts = new Map<number, number>();
  for (const { step } of steps) counts.set(step, (counts.get(step) ?? 0) + 1);
  let usual = 2;
  let seen = 0;
  for (const [step, count] of counts) {
    if (count > seen) [usual, seen] = [step, count];
  }
  return usual;
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
