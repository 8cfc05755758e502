// Reading a survey file: bytes that are not UTF-8 are refused at their place, and one YAML slip is one
// problem with advice in plain words, at the place to edit (load-yaml.ts, yaml-syntax-messages.ts).
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSurveyProject, compileSurveyProject, SurveyProblemsError } from '../../../scripts/survey';
import { loadYamlFile, parseYaml } from '../../../scripts/survey/load-yaml';
import { compileSurveyDir } from '../../../scripts/survey-tools';

const TINY = readFileSync('tests/fixtures/valid/tiny.yaml', 'utf8');
/** A complete survey folder (a survey, its pages and its provider) with no catalogs beside it. */
const FOLDER = 'tests/fixtures/diff/after';

/** [code, line, col, message] of each problem of `text`. */
const problemsOf = (text: string): [string, number, number, string][] =>
  parseYaml(text, 'x.yaml').problems.map((p) => [p.code, p.line, p.col, p.message]);

/** `text` with `from` replaced by `to` on its 1-based line `line`; throws when that changes nothing. */
function lineEdited(text: string, line: number, from: string | RegExp, to: string): string {
  const lines = text.split('\n');
  const before = lines[line - 1] ?? '';
  const after = before.replace(from, to);
  if (after === before) throw new Error(`line ${line} has no ${String(from)}`);
  lines[line - 1] = after;
  return lines.join('\n');
}

/** tiny.yaml with `from` replaced by `to` on its 1-based line `line`. */
const tinyWith = (line: number, from: string | RegExp, to: string): string => lineEdited(TINY, line, from, to);

/** A survey whose lists are written flush with their keys (the dashes not indented), as YAML allows. */
const FLUSH = `id: tiny
start: reason

limits:
  comment: 1500

steps:
- id: reason
  type: choice
  answers:
  - id: too-expensive
    text: The price is too high
    next: competitors
  - id: needs-improvements
    text: The product needs improvements
    input:
      label: What should we improve?
      limit: comment
  - id: just-trying
    text: I just wanted to try it out
  other:
    label: Please tell us why you’re leaving
    limit: comment
  next: competitors

- id: competitors
  type: text
  question: Which service will you use instead?
  next: final
`;

/** `text` with its 1-based line `line` moved `by` spaces (left when negative). */
function lineMoved(text: string, line: number, by: number): string {
  const written = text.split('\n')[line - 1] ?? '';
  const indent = written.length - written.trimStart().length;
  return lineEdited(text, line, /^ */, ' '.repeat(indent + by));
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'yaml-reading-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Writes `bytes` to a file of the scratch folder and returns its path. */
async function fileOf(name: string, bytes: Uint8Array | string): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  return path;
}

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
const NOT_UTF8 = (byte: string): string => `this file is not UTF-8: the byte 0x${byte} here is not valid UTF-8; save the file as UTF-8 (Unicode)`;

describe('a file that is not UTF-8', () => {
  it('is refused at the first byte that is not UTF-8, instead of reading it as U+FFFD', async () => {
    const file = await fileOf('latin1.yaml', latin1('toolkits:\n  - route: seo\n    name: Marketl\u00e2ne\n'));
    const yaml = await loadYamlFile(file);
    expect(yaml.data).toBeUndefined();
    expect(yaml.problems).toEqual([{ file, line: 3, col: 18, code: 'read-error', message: NOT_UTF8('E2') }]);
  });

  it('counts the characters before the byte on its line, and no byte order mark', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const file = await fileOf('after-accents.yaml', Buffer.concat([bom, Buffer.from('name: Déjà vu '), Buffer.from([0xe9]), Buffer.from('\n')]));
    expect((await loadYamlFile(file)).problems.map((p) => [p.line, p.col, p.message])).toEqual([[1, 15, NOT_UTF8('E9')]]);
  });

  it('finds every kind of ill-formed sequence: a stray continuation, a cut-off, an overlong form, a surrogate, UTF-16', async () => {
    const cases: [string, number[], number, string][] = [
      ['stray continuation byte', [0x61, 0x3a, 0x20, 0x80], 4, '80'],
      ['sequence cut off by the end of the file', [0x61, 0x3a, 0x20, 0xe2, 0x80], 4, 'E2'],
      ['overlong form of a slash', [0x61, 0x3a, 0x20, 0xc0, 0xaf], 4, 'C0'],
      ['UTF-16 surrogate', [0x61, 0x3a, 0x20, 0xed, 0xa0, 0x80], 4, 'ED'],
      ['a file saved as UTF-16', [0xff, 0xfe, 0x61, 0x00], 1, 'FF'],
    ];
    for (const [name, bytes, col, byte] of cases) {
      const yaml = await loadYamlFile(await fileOf(`${name}.yaml`, Uint8Array.from(bytes)));
      expect(yaml.problems.map((p) => [name, p.code, p.line, p.col, p.message])).toEqual([[name, 'read-error', 1, col, NOT_UTF8(byte)]]);
    }
  });

  it('still reads UTF-8 as before, with a byte order mark and characters beyond ASCII', async () => {
    const file = await fileOf('utf8.yaml', '\uFEFFname: Déjà vu — 日本語 🙂\n');
    const yaml = await loadYamlFile(file);
    expect(yaml.problems).toEqual([]);
    expect(yaml.data).toEqual({ name: 'Déjà vu — 日本語 🙂' });
  });

  it('stops the compile, and the compile of a folder that survey:diff reads, instead of shipping U+FFFD', async () => {
    const root = join(scratch, 'compile-root');
    await mkdir(root);
    await cp(FOLDER, join(root, 'survey'), { recursive: true });
    const toolkits = join(root, 'survey', 'toolkits.yaml');
    const text = await readFile(toolkits, 'utf8');
    if (!text.includes('name: Local Toolkit')) throw new Error('the fixture has changed');
    await writeFile(toolkits, latin1(text.replace('name: Local Toolkit', 'name: Local Toolk\u00eet')));
    const line = text.split('\n').findIndex((written) => written.includes('name: Local Toolkit')) + 1;

    const error: unknown = await compileSurveyProject(root).then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SurveyProblemsError);
    expect((error as SurveyProblemsError).problems.map((p) => [p.file, p.line, p.col, p.code, p.message])).toEqual([
      [toolkits, line, 22, 'read-error', NOT_UTF8('EE')],
    ]);

    const outcome = await compileSurveyDir(join(root, 'survey'), 'survey');
    expect(outcome).toEqual({ problems: [`survey/toolkits.yaml:${line}:22: error read-error: ${NOT_UTF8('EE')}`] });
  });
});

describe('one YAML slip is one problem, in plain words, where the author edits', () => {
  it('a tab in the indentation, at the tab (wherever it is in the indentation), and nothing about the lines after it', () => {
    expect(problemsOf(tinyWith(26, /^ {8}/, '\t'))).toEqual([['yaml-syntax', 26, 1, 'YAML does not allow tabs for indentation: use spaces']]);
    expect(problemsOf(tinyWith(26, /^ {8}/, '      \t'))).toEqual([['yaml-syntax', 26, 7, 'YAML does not allow tabs for indentation: use spaces']]);
    expect(problemsOf(tinyWith(38, /^ {6}/, '\t\t'))).toEqual([['yaml-syntax', 38, 1, 'YAML does not allow tabs for indentation: use spaces']]);
  });

  it('a list item without the space after its dash, at the dash, first, middle or last in its list', () => {
    for (const line of [21, 24, 31, 40]) {
      const col = line === 40 ? 3 : 7;
      expect(problemsOf(tinyWith(line, '- id:', '-id:'))).toEqual([['yaml-syntax', line, col, 'a list item needs a space after the dash: - id:']]);
    }
  });

  it('a key without the space after its colon, at the colon, in a block or on a list item', () => {
    expect(problemsOf(tinyWith(26, 'next: competitors', 'next:competitors'))).toEqual([
      ['yaml-syntax', 26, 13, 'put a space after the colon: next: competitors'],
    ]);
    expect(problemsOf(tinyWith(24, 'id: needs', 'id:needs'))).toEqual([['yaml-syntax', 24, 11, 'put a space after the colon: id: needs-improvements']]);
  });

  it('a line indented differently from its block, at its first character, naming the line to line it up with', () => {
    const differently = 'this line is indented differently from the lines of its block';
    // `next:` of an answer one space short, and one too many (the parser blames the text above it).
    expect(problemsOf(tinyWith(26, /^ {8}/, '       '))).toEqual([['yaml-syntax', 26, 8, `${differently}: line it up with 'text:' on line 25 (column 9)`]]);
    expect(problemsOf(tinyWith(26, /^ {8}/, '         '))).toEqual([['yaml-syntax', 26, 10, `${differently}: line it up with 'text:' on line 25 (column 9)`]]);
    // Two short: as near the answer's keys as the step's, and at the column of the answers' dashes.
    expect(problemsOf(tinyWith(26, /^ {8}/, '      '))).toEqual([
      ['yaml-syntax', 26, 7, `${differently}: line it up with 'text:' on line 25 (column 9) or with 'answers:' on line 20 (column 5), or start a new list item with '- '`],
    ]);
    // A key of a step, and an answer's dash.
    expect(problemsOf(tinyWith(19, /^ {4}/, '   '))).toEqual([['yaml-syntax', 19, 4, `${differently}: line it up with 'question:' on line 18 (column 5)`]]);
    expect(problemsOf(tinyWith(24, /^ {6}/, '     '))).toEqual([['yaml-syntax', 24, 6, `${differently}: line it up with '- id:' on line 21 (column 7)`]]);
    expect(problemsOf(tinyWith(24, /^ {6}/, '       '))).toEqual([['yaml-syntax', 24, 8, `${differently}: line it up with '- id:' on line 21 (column 7)`]]);
  });

  it('blames the line above when it is the one out of place', () => {
    const differently = 'this line is indented differently from the lines of its block';
    // The first line of a block sets its column, so the parser stumbles on the second: the first is off the file's usual step.
    expect(problemsOf(tinyWith(7, /^ {2}/, '   '))).toEqual([['yaml-syntax', 7, 4, `${differently}: line it up with 'otherServices:' on line 8 (column 3)`]]);
    expect(problemsOf(tinyWith(21, /^ {6}/, '     '))).toEqual([['yaml-syntax', 21, 6, `${differently}: line 'id:' up with 'text:' on line 22 (column 9)`]]);
    // A line moved out of its block closes it, and the next line, in its place, no longer fits: either may be the slip.
    expect(problemsOf(tinyWith(8, /^ {2}/, ''))).toEqual([
      ['yaml-syntax', 9, 3, `${differently}: line it up with 'otherServices:' on line 8 (column 1); or, if line 8 is the one out of place, move it to column 3`],
    ]);
  });

  it('in a list written flush with its key, an item or its first line out of place, at that line', () => {
    const differently = 'this line is indented differently from the lines of its block';
    // The first answer one space short of `answers:`: the parser blamed the end of `answers:` in its own words.
    expect(problemsOf(lineMoved(FLUSH, 11, -1))).toEqual([
      ['yaml-syntax', 11, 2, `${differently}: line it up with 'answers:' on line 10 (column 3) or with '- id:' on line 8 (column 1)`],
    ]);
    // One space too far: its key no longer lines up with the item's next line, which the parser blamed.
    expect(problemsOf(lineMoved(FLUSH, 11, 1))).toEqual([['yaml-syntax', 11, 4, `${differently}: line 'id:' up with 'text:' on line 12 (column 5)`]]);
    // The last item two spaces too far: the first one was blamed, as if the list started at column 3.
    const toolkits = 'toolkits:\n- route: seo\n  survey: cancellation\n- route: local\n  survey: cancellation\n';
    expect(problemsOf(lineMoved(toolkits, 4, 2))).toEqual([['yaml-syntax', 4, 3, `${differently}: line it up with '- route:' on line 2 (column 1)`]]);
  });

  it('in a list written flush with its key, a line moved out of the list, at that line, not at the next item', () => {
    const differently = 'this line is indented differently from the lines of its block';
    // An answer's key moved left onto the column of the step's keys cuts the answers after it off their list.
    expect(problemsOf(lineMoved(FLUSH, 13, -2))).toEqual([['yaml-syntax', 13, 3, `${differently}: line it up with 'text:' on line 12 (column 5)`]]);
    expect(problemsOf(lineMoved(FLUSH, 16, -2))).toEqual([['yaml-syntax', 16, 3, `${differently}: line it up with 'text:' on line 15 (column 5)`]]);
    // A step's last key moved onto the column of the steps' dashes: the parser's words were about implicit keys.
    expect(problemsOf(lineMoved(FLUSH, 24, -2))).toEqual([['yaml-syntax', 24, 1, `${differently}: line it up with 'other:' on line 21 (column 3)`]]);
    expect(problemsOf(lineMoved('toolkits:\n- route: seo\n  survey: cancellation\n- route: local\n', 3, -2))).toEqual([
      ['yaml-syntax', 3, 1, `${differently}: line it up with 'route:' on line 2 (column 3)`],
    ]);
  });

  it('in a list written flush with its key, the key moved, at the key', () => {
    const differently = 'this line is indented differently from the lines of its block';
    // `steps:` moved into the block above it.
    expect(problemsOf(lineMoved(FLUSH, 7, 2))).toEqual([['yaml-syntax', 7, 3, `${differently}: line it up with 'limits:' on line 4 (column 1)`]]);
    // The file's first line, indented where its list is not.
    expect(problemsOf(lineMoved('toolkits:\n- route: seo\n  survey: cancellation\n', 1, 1))).toEqual([
      ['yaml-syntax', 1, 2, `${differently}: line it up with '- route:' on line 2 (column 1)`],
    ]);
  });

  it('every shift of a line one or two spaces that breaks a file, with its lists flush or indented, is one problem in plain words naming that line', () => {
    const plainWords = /^(this line is indented differently from the lines of its block|a list item needs a space after the dash)/;
    for (const [name, text] of [['flush', FLUSH], ['tiny.yaml', TINY]] as const) {
      const lines = text.split('\n');
      for (const [index, written] of lines.entries()) {
        if (written.trim() === '' || written.trimStart().startsWith('#')) continue;
        const indent = written.length - written.trimStart().length;
        for (const by of [-2, -1, 1, 2].filter((by) => indent + by >= 0)) {
          const problems = parseYaml(lineMoved(text, index + 1, by), 'x.yaml').problems;
          if (!problems.some((p) => p.code === 'yaml-syntax')) continue;
          const line = index + 1;
          const named = problems.map((p) => p.line === line || new RegExp(`\\bline ${line}\\b`).test(p.message));
          expect({ name, line, by, named, plain: problems.map((p) => plainWords.test(p.message)) }).toEqual({ name, line, by, named: [true], plain: [true] });
        }
      }
    }
  });

  it('a text starting with [ or {, which YAML reads as a list or a map: quote it, at the text', () => {
    expect(problemsOf(tinyWith(22, 'The price is too high', '[Beta] budget'))).toEqual([
      ['yaml-syntax', 22, 15, `a text cannot start with '[' unless quoted: put the whole text in quotes, as in "[Beta] budget"`],
    ]);
    expect(problemsOf(tinyWith(22, 'The price is too high', '{budget} no longer fits # a note'))).toEqual([
      ['yaml-syntax', 22, 15, `a text cannot start with '{' unless quoted: put the whole text in quotes, as in "{budget} no longer fits"`],
    ]);
  });

  it('reports the first syntax error of a file only; a repeated key shows once the syntax is right', () => {
    const twoSlips = tinyWith(48, 'next: other', 'next:other').replace('        next: final\n    other:', '\tnext: final\n    other:');
    expect(problemsOf(twoSlips).map(([code, line, col]) => [code, line, col])).toEqual([['yaml-syntax', 34, 1]]);
    const repeatedAbove = tinyWith(23, 'next: competitors', 'next: competitors\n        next: final').replace('        next: final\n    other:', '\tnext: final\n    other:');
    // A key repeated above a slip may be the slip's own doing (a line moved left joins the block above it).
    expect(problemsOf(repeatedAbove).map(([code, line, col]) => [code, line, col])).toEqual([['yaml-syntax', 35, 1]]);
    const slipFixed = repeatedAbove.replace('\tnext: final\n    other:', '        next: final\n    other:');
    expect(problemsOf(slipFixed).map(([code, line, col]) => [code, line, col])).toEqual([['duplicate-key', 24, 9]]);
    // Three spaces short, the answer's `next:` made the parser repeat the step's `next:` further down.
    const shifted = tinyWith(23, /^ {8}/, '     ');
    expect(parseYaml(shifted, 'x.yaml').problems.map((p) => p.code)).toEqual(['yaml-syntax']);
  });

  it('keeps an unclosed quote at its opening quote, alone', () => {
    expect(problemsOf(tinyWith(22, 'The price is too high', "'The price is too high"))).toEqual([
      ['yaml-syntax', 22, 15, 'this quoted text is never closed: add the closing quote'],
    ]);
  });

  it('survey:check reports the audit’s tab slip in the shipped survey once', async () => {
    const text = readFileSync('survey/cancellation.yaml', 'utf8');
    const slip = text.replace(/(\n {8}text: [^\n]+\n) {8}next:/, '$1\tnext:');
    if (slip === text) throw new Error('survey/cancellation.yaml has no answer with text and next');
    const file = await fileOf('cancellation.yaml', slip);
    const problems = await checkSurveyProject([file]);
    expect(problems.map((p) => [p.code, p.col, p.message])).toEqual([['yaml-syntax', 1, 'YAML does not allow tabs for indentation: use spaces']]);
  });
});
