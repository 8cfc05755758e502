import { describe, expect, it, vi } from 'vitest';
import { checkSurveyProject } from '../../../scripts/survey';

// Stands in for a checker bug: the graph check throws on every survey it is given.
vi.mock('../../../scripts/survey/graph-check', () => ({
  checkGraph: () => {
    throw new TypeError('a bug in the graph check');
  },
}));

describe('survey checker when one of its checks throws', () => {
  it('reports the failure as a problem of that file and still reports the other files', async () => {
    const problems = await checkSurveyProject(['tests/fixtures/valid/tiny.yaml', 'tests/fixtures/invalid/unknown-route']);
    expect(problems.map((p) => [p.file, p.line, p.col, p.code])).toEqual([
      ['tests/fixtures/invalid/unknown-route/toolkits.yaml', 18, 9, 'unknown-route'],
      ['tests/fixtures/valid/tiny.yaml', 1, 1, 'internal-error'],
    ]);
    expect(problems[1]?.message).toBe('the checker failed on this file (a bug in the graph check); please report it');
  });
});
