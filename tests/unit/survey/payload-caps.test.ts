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

  it('a radio question may have many answers: it stores the one chosen', async () => {
    const extra = Array.from({ length: 18 }, (_, i) => `      - id: extra-${i}\n        text: Extra reason ${i}\n        next: competitors\n`).join('');
    expect(await problemsWith((yaml) => yaml.replace('    other:\n      label: Please tell us why', `${extra}    other:\n      label: Please tell us why`))).toEqual([]);
  });

  it('a comment field’s label, which its entry stores as the question, past 500 characters is refused at the label', async () => {
    const problems = await problemsWith((yaml) => yaml.replace('label: Have anything else to add?', `label: ${'Anything else? '.repeat(35)}`));
    expect(problems.map(([code, line]) => [code, line])).toEqual([['text-too-long', 80]]);
  });

  describe('a multi step', () => {
    const checkFeedback = editedSurveyChecker('survey/examples/feedback.yaml');
    const withAnswers = (count: number, max: string) => (yaml: string) =>
      yaml
        .replace('    max: 3\n', max)
        .replace('    other:\n      label: What else did you miss?', `${Array.from({ length: count }, (_, i) => `      - id: extra-${i}\n        text: Extra ${i}\n`).join('')}    other:\n      label: What else did you miss?`);
    const codes = async (edit: (yaml: string) => string) => (await checkFeedback(edit)).map((problem) => [problem.code, problem.line, problem.message]);

    it('may have many answers when `max` keeps the ticked ones within an entry', async () => {
      expect(await codes(withAnswers(20, '    max: 3\n'))).toEqual([]);
    });

    it('that lets a customer tick more than 20, Other counted, is refused at its max, or its answers without one', async () => {
      expect(await codes(withAnswers(17, '    max: 21\n'))).toEqual([
        ['too-many-answers', 23, "a customer may tick 21 answers here ('Other' counted), more than one entry of the survey storage holds (20): set `max: 20` or fewer, or remove answers"],
      ]);
      expect((await codes(withAnswers(17, ''))).map(([code, line]) => [code, line])).toEqual([['too-many-answers', 24]]);
    });
  });
});
