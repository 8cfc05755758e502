import { describe, expect, it } from 'vitest';
import { editedSurveyChecker } from './edited-survey';
import { PAYLOAD_CAPS } from '../../../scripts/survey/payload-caps-check';

const check = editedSurveyChecker();

/** The problems of the tiny survey with `edit` applied, each as [code, line, message]. */
const problemsWith = async (edit: (yaml: string) => string) => (await check(edit)).map((problem) => [problem.code, problem.line, problem.message]);

describe('what the survey storage takes', () => {
  it('are the payload schema’s caps', () => {
    expect(PAYLOAD_CAPS).toEqual({ name: 80, email: 254, question: 500, answer: 500, answers: 20 });
  });

  it('the fixture survey fits them', async () => {
    expect(await problemsWith((yaml) => yaml)).toEqual([]);
  });

  it('an email limit past 254 is refused at the number, naming the field that uses it', async () => {
    const problems = await problemsWith((yaml) => yaml.replace('email: 254', 'email: 300'));
    expect(problems).toEqual([
      ['limit-too-high', 10, 'the email field on line 76 takes up to 300 characters by this limit, but the survey storage takes at most 254: a longer email would be refused; make it 254 or less'],
    ]);
  });

  it('a question past 500 characters is refused at the question', async () => {
    const problems = await problemsWith((yaml) => yaml.replace('question: Are you going to use any other service instead?', `question: ${'Which one? '.repeat(50)}`));
    expect(problems.map(([code, line]) => [code, line])).toEqual([['text-too-long', 44]]);
  });

  it('a question with more answers than an entry holds, Other counted, is refused at its answers', async () => {
    const extra = Array.from({ length: 18 }, (_, i) => `      - id: extra-${i}\n        text: Extra reason ${i}\n        next: competitors\n`).join('');
    const problems = await problemsWith((yaml) => yaml.replace('    other:\n      label: Please tell us why', `${extra}    other:\n      label: Please tell us why`));
    expect(problems).toEqual([['too-many-answers', 21, "this step has 22 answers with 'Other', more than one entry of the survey storage holds (20): remove 2"]]);
  });
});
