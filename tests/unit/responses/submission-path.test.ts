// A submission's path, as the export writes it and /dev/insights counts it (one function, src/model).
import { describe, expect, it } from 'vitest';
import { submissionPathOf, surveyOfToolkit } from '../../../src/engine';
import { NO_CHOICE, submissionPath, submissionReason } from '../../../src/model';
import { testBundle } from '../../server/helpers/bundle';
import { sampleSubmissions } from './seed-submissions';

describe('the path of a submission', () => {
  const submissions = sampleSubmissions(testBundle());

  it('lists the English answers of steps 1 to 4, then the offers declined', () => {
    const declined = submissions.find((s) => (s.payload.retention ?? []).length > 0);
    expect(declined).toBeDefined();
    const path = submissionPath(declined!.payload);
    expect(path.split(' › ')[0]).toBe(declined!.payload.survey.first_question?.answers[0]);
    expect(path).toMatch(/ › declined the (discount|downgrade) offer$/);
  });

  it('names a text-only form as such, in the path and as the reason', () => {
    const growthKit = submissions.find((s) => s.toolkit === 'growth-kit');
    expect(submissionPath(growthKit!.payload)).toBe(NO_CHOICE);
    expect(submissionReason(growthKit!.payload)).toBe(NO_CHOICE);
  });

  it('leaves free text out and keeps the step order', () => {
    const path = submissionPath({
      survey: {
        first_question: { question: 'q1', answers: ['Other'], comment: 'private words' },
        third_question: { question: 'q3', answers: ['Yes'], comment: 'Rival' },
      },
    } as unknown as Parameters<typeof submissionPath>[0]);
    expect(path).toBe('Other › Yes');
  });

  it('is read from the stored path ids through the compiled survey, the same line as from the texts', () => {
    const bundle = testBundle();
    expect(submissions.length).toBeGreaterThan(0);
    for (const { toolkit, payload } of submissions) {
      expect(payload.path.length).toBeGreaterThan(0);
      expect(submissionPathOf(surveyOfToolkit(bundle, toolkit), payload)).toBe(submissionPath(payload));
    }
  });

  it('names the answers the ids chose, not what the texts say, and falls back to the texts without ids', () => {
    const bundle = testBundle();
    const first = submissions.find((s) => s.payload.survey.first_question?.answers.length === 1);
    if (!first) throw new Error('no submission with a step-1 answer');
    const entry = first.payload.survey.first_question;
    if (!entry) throw new Error('no first question');
    const reworded = { ...first.payload, survey: { ...first.payload.survey, first_question: { ...entry, answers: ['An old wording'] } } };
    const survey = surveyOfToolkit(bundle, first.toolkit);
    expect(submissionPathOf(survey, reworded).split(' › ')[0]).toBe(entry.answers[0]);
    const { path: _ids, ...stored } = reworded;
    expect(submissionPathOf(survey, stored).split(' › ')[0]).toBe('An old wording');
  });

  it('reads a path choosing an answer the survey no longer has from its texts, losing no step', () => {
    const survey = surveyOfToolkit(testBundle(), 'seo');
    const payload = {
      survey: {
        first_question: { question: 'Please let us know why you’re leaving', question_translated: 'q', answers: ['We use a competitor now'], answers_translated: ['x'], comment: '' },
        second_question: { question: 'What could we have done better?', question_translated: 'q', answers: ['The price is too high'], answers_translated: ['x'], comment: '' },
      },
      path: [
        { step: 'reason', answer: 'use-competitor' },
        { step: 'what-could-be-better', answer: 'price-too-high' },
      ],
    };
    expect(submissionPathOf(survey, payload)).toBe('We use a competitor now › The price is too high');
  });
});
