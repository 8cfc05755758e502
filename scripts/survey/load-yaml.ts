import { readFile } from 'node:fs/promises';
import { strictUtf8 } from '../../src/model/utf8';
import { checkAliases, MAX_ALIAS_EXPANSION } from './alias-check';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit } from 'yaml';
import type { Document, YAMLError } from 'yaml';
import { problemAt } from './problems';
import { syntaxAdvice } from './yaml-syntax-messages';
import type { Position, Problem, ProblemCode } from './problems';

/** A path into the parsed data: map keys and sequence indexes, as in a JSON pointer. */
export type YamlPath = readonly (string | number)[];

/** A parsed YAML file that still knows where each value came from. */
export interface YamlFile {
  file: string;
  /** The plain data; undefined when the file could not be read or parsed. */
  data: unknown;
  /** Problems reading or parsing the file; when there are any, `data` is undefined. */
  problems: Problem[];
  /**
   * The place of the node at `path`: of its key when `part` is 'key' and the last step is a map key,
   * otherwise of its value. A path that does not exist resolves to its deepest existing ancestor.
   */
  locate(path: YamlPath, part?: 'key' | 'value'): Position;
  /**
   * The comment that cuts short the plain (unquoted) value at `path` on its line, if any: `text: Plan #2`
   * reads as `Plan`, since ` #` starts a comment. Where the comment's `#` is, and the line as written.
   */
  commentInValue(path: YamlPath): { at: Position; written: string } | undefined;
  /** The plain (unquoted) scalar at `path` as written on its line (`0x1F`, not 31); undefined for anything else. */
  plainAt(path: YamlPath): string | undefined;
}

const START: Position = { line: 1, col: 1 };

/** Adds a problem at the node at `path` of a file (its key when `part` is 'key'). */
export type Report = (path: YamlPath, code: ProblemCode, message: string, part?: 'key' | 'value') => void;

/** A `Report` that locates each problem in `yaml` and pushes it onto `problems`. */
export function reporterFor(yaml: YamlFile, problems: Problem[]): Report {
  return (path, code, message, part = 'value') => {
    problems.push(problemAt(yaml.file, yaml.locate(path, part), code, message));
  };
}

/** Reads and parses one YAML file; never throws for unreadable, undecodable or malformed input. */
export async function loadYamlFile(file: string): Promise<YamlFile> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return unreadFile(file, problemAt(file, START, 'read-error', `cannot read the file (${reason})`));
  }
  const text = decodeUtf8(bytes);
  if (typeof text !== 'string') return unreadFile(file, problemAt(file, text.at, 'read-error', text.message));
  return parseYaml(text, file);
}

function unreadFile(file: string, problem: Problem): YamlFile {
  return { file, data: undefined, problems: [problem], locate: () => START, commentInValue: () => undefined, plainAt: () => undefined };
}

/**
 * The text of a file's bytes, or where they stop being UTF-8. Decoding with replacement would turn a
 * byte of another encoding (`Marketl\xe2ne` saved as Latin-1) into U+FFFD, which the check would pass
 * and the compile ship. A byte order mark stays in the text, as `positionsIn` expects.
 */
export function decodeUtf8(bytes: Uint8Array): string | { at: Position; message: string } {
  const text = strictUtf8(bytes, true);
  if (typeof text === 'string') return text;
  const bad = text.offset;
  const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1;
  const line = 1 + bytes.subarray(0, lineStart).filter((byte) => byte === 0x0a).length;
  // Columns count the characters before the byte on its line, as the parser's positions do (a BOM is no column).
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(lineStart, bad)).replace(/^\uFEFF/, '');
  return {
    at: { line, col: before.length + 1 },
    message: `this file is not UTF-8: the byte 0x${text.byte} here is not valid UTF-8; save the file as UTF-8 (Unicode)`,
  };
}

/**
 * Parses YAML text, keeping node positions so later checks can point at the offending key or value.
 * Never throws: bad syntax, broken or excessive aliases and any failure converting the document become problems.
 */
export function parseYaml(text: string, file: string): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const positionOf = positionsIn(text, lineCounter);

  const problems = syntaxProblems(doc, text).map(({ offset, code, message }) => problemAt(file, positionOf(offset), code, message));

  if (problems.length === 0) {
    for (const alias of checkAliases(doc)) problems.push(problemAt(file, positionOf(alias.offset), alias.code, alias.message));
  }
  const locate: YamlFile['locate'] = (path, part = 'value') => locateNode(doc, path, part, positionOf);
  const commentInValue: YamlFile['commentInValue'] = (path) => {
    const node = doc.getIn(path, true);
    if (!isScalar(node) || node.type !== Scalar.PLAIN || node.comment === undefined || !node.range) return undefined;
    const hash = text.indexOf('#', node.range[1]);
    if (hash < 0 || text.slice(node.range[1], hash).includes('\n')) return undefined;
    return { at: positionOf(hash), written: `${String(node.value)} #${node.comment}` };
  };
  const plainAt: YamlFile['plainAt'] = (path) => {
    const node = doc.getIn(path, true);
    return isScalar(node) && node.type === Scalar.PLAIN && node.range ? text.slice(node.range[0], node.range[1]) : undefined;
  };
  if (problems.length > 0) return { file, data: undefined, problems, locate, commentInValue, plainAt };
  try {
    // The alias check above has already refused what `maxAliasCount` guards against; the limit stays as a backstop.
    return { file, data: doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSION }), problems, locate, commentInValue, plainAt };
  } catch (error) {
    // Anything else the conversion throws is still this file's problem: the other files must be checked too.
    const reason = error instanceof Error ? error.message : String(error);
    return { file, data: undefined, problems: [problemAt(file, START, 'read-error', `cannot read the file (${reason})`)], locate, commentInValue, plainAt };
  }
}

/**
 * The problems of the parser's errors: the first syntax error only, or, without one, the repeated keys.
 * After a syntax error the parser guesses where the structure goes on, and what it reports (more
 * syntax errors, repeated keys, even above it: a line moved left joins the block above) is mostly the
 * slip's doing, on lines that are right, with advice that misleads: fixing it and checking again shows
 * any other.
 */
function syntaxProblems(doc: Document, text: string): { offset: number; code: ProblemCode; message: string }[] {
  // An unclosed quote is reported where the text ends; it went wrong at the opening quote.
  const syntax = doc.errors
    .filter((error) => error.code !== 'DUPLICATE_KEY')
    .map((error) => ({ error, quoteStart: unclosedQuoteStart(doc, error) }))
    .map((entry) => ({ ...entry, at: entry.quoteStart ?? entry.error.pos[0] }))
    .sort((a, b) => a.at - b.at);
  const first = syntax[0];
  const duplicates = doc.errors
    .filter((error) => error.code === 'DUPLICATE_KEY' && !first)
    .map((error) => ({ offset: error.pos[0], code: 'duplicate-key' as const, message: 'this key appears twice in the same block' }));
  if (!first) return duplicates;
  const problem =
    first.quoteStart !== undefined
      ? { offset: first.quoteStart, message: 'this quoted text is never closed: add the closing quote' }
      : syntaxAdvice(first.error, doc, text);
  return [...duplicates, { ...problem, code: 'yaml-syntax' }];
}

/**
 * The 1-based place of an offset of `text`. A byte order mark counts in the offsets but is no column an
 * editor shows, so the first line's columns leave it out.
 */
function positionsIn(text: string, lineCounter: LineCounter): (offset: number) => Position {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  return (offset) => {
    const pos = lineCounter.linePos(offset);
    return pos.line === 1 ? { line: 1, col: Math.max(1, pos.col - bom) } : pos;
  };
}

/**
 * The parser reports an unclosed quote where the text ends, often many lines later; the quoted
 * scalar it swallowed starts at the opening quote, which is where the author must look.
 */
function unclosedQuoteStart(doc: Document, error: YAMLError): number | undefined {
  if (error.code !== 'MISSING_CHAR' || !/quote/.test(error.message)) return undefined;
  let start: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      const quoted = node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE;
      if (quoted && node.range && node.range[0] < error.pos[0] && error.pos[0] <= node.range[2]) {
        start = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return start;
}

function locateNode(
  doc: Document,
  path: YamlPath,
  part: 'key' | 'value',
  positionOf: (offset: number) => Position,
): Position {
  let node: unknown = doc.contents;
  let best = rangeStart(node, positionOf) ?? START;
  // A path through an alias (`- *final`) is at the alias: what lies inside it is written elsewhere.
  let alias: Position | undefined;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) {
      alias ??= rangeStart(node, positionOf);
      node = node.resolve(doc);
    }
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) break;
      const keyPos = rangeStart(pair.key, positionOf) ?? best;
      const isLast = index === path.length - 1;
      if (isLast && part === 'key') return alias ?? keyPos;
      node = pair.value;
      // `key:` with nothing after it: point at the key rather than at empty space.
      best = isEmptyScalar(node) ? keyPos : (rangeStart(node, positionOf) ?? keyPos);
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
      const pos = rangeStart(node, positionOf);
      if (!pos) break;
      best = pos;
    } else {
      break;
    }
  }
  return alias ?? best;
}

function rangeStart(node: unknown, positionOf: (offset: number) => Position): Position | undefined {
  if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
    const start: unknown = node.range[0];
    if (typeof start === 'number') return positionOf(start);
  }
  return undefined;
}

function isEmptyScalar(node: unknown): boolean {
  if (!isScalar(node) || node.value !== null || !node.range) return false;
  return node.range[0] === node.range[1];
}
