import { Document } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ALIAS_EXPANSION } from '../../../scripts/survey/alias-check';
import { parseYaml } from '../../../scripts/survey/load-yaml';

/** [code, line, col, message] of each problem of `text`. */
const problemsOf = (text: string): [string, number, number, string][] =>
  parseYaml(text, 'x.yaml').problems.map((p) => [p.code, p.line, p.col, p.message]);

describe('parseYaml and aliases', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('resolves honest aliases into data', () => {
    const yaml = parseYaml('box: &box {label: Why?, limit: comment}\nother: *box\n', 'x.yaml');
    expect(yaml.problems).toEqual([]);
    expect(yaml.data).toEqual({ box: { label: 'Why?', limit: 'comment' }, other: { label: 'Why?', limit: 'comment' } });
  });

  it('reports an alias that names no anchor, at the alias', () => {
    expect(problemsOf('a: 1\nb: *c\n')).toEqual([
      ['unknown-alias', 2, 4, "'*c' names no anchor: mark the value to repeat with '&c' above it"],
    ]);
  });

  it('says when the anchor exists but comes after the alias', () => {
    expect(problemsOf('a: *box\nb: &box 1\n')).toEqual([
      ['unknown-alias', 1, 4, "'*box' comes before its anchor '&box': an alias can only name an anchor above it"],
    ]);
  });

  it('reports every unknown alias of a file, not just the first', () => {
    expect(problemsOf('a: [*x, *y]\n').map(([code, line, col]) => [code, line, col])).toEqual([
      ['unknown-alias', 1, 5],
      ['unknown-alias', 1, 9],
    ]);
  });

  it('refuses an alias inside the value it names, which would make endless data', () => {
    expect(problemsOf('a: &a\n  - *a\n')).toEqual([
      ['excessive-aliases', 2, 5, "'*a' is inside the value that '&a' names, so it would repeat without end"],
    ]);
  });

  it('accepts aliases standing for exactly the limit, and refuses one value more', () => {
    // An anchored list of 99 texts is 100 values; each alias to it stands for 100.
    const anchor = `a: &a [${Array.from({ length: 99 }, () => 'x').join(', ')}]\n`;
    const aliases = (n: number): string => `b: [${Array.from({ length: n }, () => '*a').join(', ')}]\n`;
    const uses = MAX_ALIAS_EXPANSION / 100;
    expect(problemsOf(anchor + aliases(uses))).toEqual([]);
    const over = problemsOf(`${anchor}${aliases(uses)}c: *a\n`);
    expect(over.map(([code, line, col]) => [code, line, col])).toEqual([['excessive-aliases', 3, 4]]);
  });

  it('turns any other failure converting the document into a problem of the file', () => {
    vi.spyOn(Document.prototype, 'toJS').mockImplementation(() => {
      throw new TypeError('something unforeseen');
    });
    const yaml = parseYaml('a: 1\n', 'x.yaml');
    expect(yaml.data).toBeUndefined();
    expect(yaml.problems).toEqual([
      { file: 'x.yaml', line: 1, col: 1, code: 'read-error', message: 'cannot read the file (something unforeseen)' },
    ]);
  });
});

describe('parseYaml positions and messages', () => {
  it('leaves a byte order mark out of the columns of the first line', () => {
    expect(problemsOf('\uFEFFa: *x\nb: *y\n').map(([code, line, col]) => [code, line, col])).toEqual([
      ['unknown-alias', 1, 4],
      ['unknown-alias', 2, 4],
    ]);
    const yaml = parseYaml('\uFEFFa: 1\nb: 2\n', 'x.yaml');
    expect([yaml.locate(['a'], 'key'), yaml.locate(['a'])]).toEqual([
      { line: 1, col: 1 },
      { line: 1, col: 4 },
    ]);
  });

  it('reports a path through an alias at the alias, not where the aliased value is written', () => {
    const yaml = parseYaml('steps:\n  - &s\n    id: a\n  - *s\n', 'x.yaml');
    expect([yaml.locate(['steps', 0, 'id']), yaml.locate(['steps', 1, 'id']), yaml.locate(['steps', 1, 'id'], 'key')]).toEqual([
      { line: 3, col: 9 },
      { line: 4, col: 5 },
      { line: 4, col: 5 },
    ]);
  });

  it('tells an author to quote a text with a colon in it, at the text', () => {
    expect(problemsOf('steps:\n  - text: Missing feature: reports\n')).toEqual([
      [
        'yaml-syntax',
        2,
        11,
        'YAML reads a colon followed by a space (or by the line\'s end) as a key: put the whole text in quotes, as in "Missing feature: reports"',
      ],
    ]);
  });

  it('tells an author to quote a text that starts with *, which reads as an alias', () => {
    expect(problemsOf('text: *Important* thing # note\n')).toEqual([
      [
        'yaml-syntax',
        1,
        19,
        "a text that starts with '*' reads as an alias (a repeat of an anchored value): put the whole text in quotes, as in \"*Important* thing\"",
      ],
    ]);
    expect(problemsOf('text: *Important*\n')).toEqual([
      ['unknown-alias', 1, 7, `'*Important*' reads as an alias, which names no anchor: a text that starts with '*' must be put in quotes, as in "*Important*"`],
    ]);
  });

  it('tells an author to quote a text that starts with a character YAML keeps for itself', () => {
    expect(problemsOf('text: @mentions work\n')).toEqual([
      ['yaml-syntax', 1, 7, `a text cannot start with '@' unless quoted: put the whole text in quotes, as in "@mentions work"`],
    ]);
  });

  it('tells an author that a file holds one document, at the second', () => {
    expect(problemsOf('---\na: 1\n---\nb: 2\n')).toEqual([
      ['yaml-syntax', 3, 1, "'---' starts a second document, and a file holds one: remove this line (or move what follows to a file of its own)"],
    ]);
  });
});
