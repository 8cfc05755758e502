import { describe, expect, it } from 'vitest';
import { buildPayload, restoreState, startSurvey, transition, type StepData, type SurveyState } from '../../../src/engine';
import { cancellationSurvey } from './compiled';

const survey = cancellationSurvey();
const context = { user: { email: 'ann@example.com', product_group: 'BUSINESS' }, timestamp: '2026-11-21T09:30:00.000Z', toolkit: 'seo', translate: (s: string) => `«${s}»` };

function answer(state: SurveyState, data: StepData) {
  return transition(survey, state, { type: 'continue', data });
}

describe('buildPayload', () => {
  it('builds the spec payload with English and translated texts for the path taken', () => {
    let state = startSurvey(survey, 'paid');
    state = answer(state, { answer: 'not-meeting-needs' });
    state = answer(state, { answer: 'needs-improvements', details: { 'needs-improvements': '  Better exports  ' } });
    state = answer(state, { answer: 'will-use-other' });
    state = answer(state, { text: 'Rival Suite' });
    state = answer(state, { name: 'Ann', email: 'someone-else@example.com', comment: 'Bye', agreement: true });

    expect(buildPayload(survey, state, context)).toEqual({
      timestamp: '2026-11-21T09:30:00.000Z',
      name: 'Ann',
      email: 'ann@example.com',
      accepted_terms: true,
      toolkit: 'seo',
      survey: {
        first_question: {
          question: 'Please let us know why you’re leaving',
          question_translated: '«Please let us know why you’re leaving»',
          answers: ['The product doesn’t fully meet my needs'],
          answers_translated: ['«The product doesn’t fully meet my needs»'],
          comment: '',
        },
        second_question: {
          question: 'What could we have done better?',
          question_translated: '«What could we have done better?»',
          answers: ['The product needs improvements'],
          answers_translated: ['«The product needs improvements»'],
          comment: 'Better exports',
        },
        third_question: {
          question: 'Are you going to use any other service instead?',
          question_translated: '«Are you going to use any other service instead?»',
          answers: ['Yes'],
          answers_translated: ['«Yes»'],
          comment: 'Rival Suite',
        },
        fourth_question: {
          question: 'Have anything else to add?',
          question_translated: '«Have anything else to add?»',
          answers: [],
          answers_translated: [],
          comment: 'Bye',
        },
      },
      path: [
        { step: 'reason', answer: 'not-meeting-needs' },
        { step: 'what-could-be-better', answer: 'needs-improvements' },
        { step: 'competitors', answer: 'will-use-other' },
        { step: 'other-services' },
        { step: 'final' },
      ],
    });
  });

  it("records 'Not sure yet' as step 3's answer with no comment, and Other with its text", () => {
    let state = startSurvey(survey, 'trial');
    state = answer(state, { answer: 'other', details: { other: 'Switching agencies' } });
    state = answer(state, { answer: 'not-sure-yet' });
    state = answer(state, { name: 'Bo', agreement: true });
    const payload = buildPayload(survey, state, { ...context, translate: (s) => s });
    expect(payload.survey.first_question).toMatchObject({ answers: ['Other'], comment: 'Switching agencies' });
    expect(payload.survey.third_question).toMatchObject({ answers: ['Not sure yet'], comment: '' });
    expect(payload.survey.second_question).toBeUndefined();
    expect(payload.survey.fourth_question).toBeUndefined(); // trial users have no comment field
  });

  it('leaves out a step the customer went back from', () => {
    let state = startSurvey(survey, 'paid');
    state = answer(state, { answer: 'not-using-now' });
    state = transition(survey, state, { type: 'back' });
    state = answer(state, { answer: 'another-account' });
    state = answer(state, { name: 'Cy', comment: '   ', agreement: true });
    const payload = buildPayload(survey, state, context);
    expect(Object.keys(payload.survey)).toEqual(['first_question']); // the blank optional comment is not an answer
  });

  it('records a declined discount with its percent and months', () => {
    let state = transition(survey, startSurvey(survey, 'paid'), { type: 'offers', available: ['discount-offer'] });
    state = answer(state, { answer: 'not-meeting-needs' });
    state = answer(state, { answer: 'price-too-high' });
    state = answer(state, { choice: 'declined' });
    state = answer(state, { answer: 'not-sure-yet' });
    state = answer(state, { name: 'Ann', agreement: true });
    expect(buildPayload(survey, state, context).retention).toEqual([
      { offer: 'discount-offer', kind: 'discount', percent: 30, months: 3, choice: 'declined' },
    ]);
  });

  it('records a declined downgrade with the plans shown to the customer’s product group', () => {
    const declinedBy = (productGroup: string) => {
      let state = transition(survey, startSurvey(survey, 'paid'), { type: 'offers', available: ['downgrade-offer'] });
      state = answer(state, { answer: 'not-using-now' });
      state = answer(state, { answer: 'budget' });
      state = answer(state, { choice: 'declined' });
      state = answer(state, { answer: 'not-sure-yet' });
      state = answer(state, { name: 'Ann', agreement: true });
      return buildPayload(survey, state, { ...context, user: { email: 'ann@example.com', product_group: productGroup } }).retention;
    };
    expect(declinedBy('BUSINESS')).toEqual([{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['guru', 'pro'], choice: 'declined' }]);
    expect(declinedBy('GURU')).toEqual([{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['pro'], choice: 'declined' }]);
  });

  it('refuses to build a payload before the survey is complete', () => {
    expect(() => buildPayload(survey, startSurvey(survey, 'paid'), context)).toThrow(/complete/);
  });
});

describe('restoreState', () => {
  const midway = () => answer(answer(startSurvey(survey, 'paid'), { answer: 'not-using-now' }), { answer: 'budget' });

  it('restores a saved state that fits the survey', () => {
    const saved = JSON.parse(JSON.stringify(midway())) as unknown;
    expect(restoreState(survey, 'paid', saved)).toEqual(saved);
  });

  it.each([
    ['another audience', (s: SurveyState) => s, 'trial' as const],
    ['an unknown step', (s: SurveyState) => ({ ...s, trail: [...s.trail, 'nowhere'] }), 'paid' as const],
    ['a trail the answers do not lead along', (s: SurveyState) => ({ ...s, data: { ...s.data, reason: { answer: 'another-account' } } }), 'paid' as const],
    ['an answer order that is not a permutation', (s: SurveyState) => ({ ...s, order: { ...s.order, reason: ['other'] } }), 'paid' as const],
    ['a completed survey', (s: SurveyState) => ({ ...s, status: 'complete' as const }), 'paid' as const],
    ['garbage', () => 'not a state' as unknown as SurveyState, 'paid' as const],
  ])('drops a state with %s', (_name, change, audience) => {
    expect(restoreState(survey, audience, change(midway()))).toBeNull();
  });
});
