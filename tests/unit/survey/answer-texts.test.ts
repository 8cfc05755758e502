import { describe, expect, it } from 'vitest';
import { editedSurveyChecker } from './edited-survey';

const check = editedSurveyChecker();

/** The problems of the tiny survey with `edit` applied, each as [code, line, col, message]. */
const problemsWith = async (edit: (yaml: string) => string) => (await check(edit)).map((problem) => [problem.code, problem.line, problem.col, problem.message]);

describe('two answers of a question that read alike', () => {
  it('are refused at the second, whatever their case and spacing', async () => {
    expect(await problemsWith((yaml) => yaml.replace('text: The product needs improvements', 'text: the  price is too HIGH'))).toEqual([
      ['duplicate-answer', 25, 15, "'the  price is too HIGH' reads as the answer on line 22: customers would see two answers alike; change one text"],
    ]);
  });

  it('include the Other answer that `other:` adds', async () => {
    expect(await problemsWith((yaml) => yaml.replace('text: The product needs improvements', 'text: Other'))).toEqual([
      ['duplicate-answer', 36, 7, "the 'Other' answer that `other:` adds reads as the answer on line 25: customers would see two answers alike; change one text"],
    ]);
  });

  it('are allowed where no audience sees both', async () => {
    // 'I just wanted to try it out' is for trial users; a paid-only answer may say the same.
    const paidTwin = '      - id: paid-twin\n        audience: paid\n        text: I just wanted to try it out\n        next: final\n    other:';
    expect(await problemsWith((yaml) => yaml.replace('    other:', paidTwin))).toEqual([]);
    const allTwin = paidTwin.replace('audience: paid', 'audience: all');
    expect((await problemsWith((yaml) => yaml.replace('    other:', allTwin))).map(([code, line]) => [code, line])).toEqual([['duplicate-answer', 37]]);
  });
});
