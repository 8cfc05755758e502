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
