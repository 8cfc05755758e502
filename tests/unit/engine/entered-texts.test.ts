import { describe, expect, it } from 'vitest';
import { enteredTexts, startSurvey, transition, type SurveyState } from '../../../src/engine';
import { cancellationSurvey } from './compiled';

const survey = cancellationSurvey();
const go = (state: SurveyState, data: SurveyState['data'][string]): SurveyState => transition(survey, state, { type: 'continue', data });

describe('enteredTexts', () => {
  it('lists every text the customer typed, on every step passed, and nothing else', () => {
    let state = startSurvey(survey, 'paid');
    state = go(state, { answer: 'other', details: { other: 'We merged with Acme Ltd' } });
    state = go(state, { answer: 'will-use-other' });
    state = go(state, { text: 'Rival Suite Pro' });
    state = transition(survey, state, { type: 'edit', data: { name: 'Mia Monthly', email: 'mia@example.com', comment: 'Call me at 555-0100', agreement: true } });
    expect(enteredTexts(survey, state).sort()).toEqual(['Call me at 555-0100', 'Mia Monthly', 'Rival Suite Pro', 'We merged with Acme Ltd', 'mia@example.com']);
  });

  it('leaves out answer ids, offer choices and empty boxes', () => {
    let state = startSurvey(survey, 'paid');
    state = go(state, { answer: 'not-using-now', details: { other: '   ' } });
    state = go(state, { answer: 'no-projects' });
    expect(enteredTexts(survey, state)).toEqual([]);
  });
});
