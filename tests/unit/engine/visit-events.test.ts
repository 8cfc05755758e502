// The events the survey's states tell retention insights: the step shown (an offer also as an offer
// shown), and what was taken on the step left, derived through the kinds' moves.
import { describe, expect, it } from 'vitest';
import { startSurvey, transition, type StepData, type SurveyState } from '../../../src/engine';
import { shownEvents, takenEvents } from '../../../src/engine/visit-events';
import { cancellationSurvey } from './compiled';

const survey = cancellationSurvey();
const take = (state: SurveyState, data: StepData) => {
  const next = transition(survey, state, { type: 'continue', data });
  return { next, events: takenEvents(survey, state, next) };
};

describe('visit events of the survey states', () => {
  it('the first step shown, the answer chosen, the offer shown and declined, then accepted on another visit', () => {
    let state = transition(survey, startSurvey(survey, 'paid', () => 0.5), { type: 'offers', available: ['discount-offer'] });
    expect(shownEvents(survey, state)).toEqual([{ type: 'step', step: 'reason' }]);

    let moved = take(state, { answer: 'not-meeting-needs' });
    expect(moved.events).toEqual([{ type: 'answer', step: 'reason', answer: 'not-meeting-needs' }]);
    state = moved.next;
    moved = take(state, { answer: 'price-too-high' });
    state = moved.next;
    expect(shownEvents(survey, state)).toEqual([
      { type: 'step', step: 'discount-offer' },
      { type: 'offer-shown', step: 'discount-offer' },
    ]);

    expect(take(state, { choice: 'declined' }).events).toEqual([{ type: 'offer-declined', step: 'discount-offer' }]);
    const accepted = take(state, { choice: 'accepted' });
    expect(accepted.next.status).toBe('retained');
    expect(accepted.events).toEqual([{ type: 'offer-accepted', step: 'discount-offer' }]);
    expect(shownEvents(survey, accepted.next)).toEqual([]);
  });

  it('nothing taken when the customer goes back', () => {
    const start = startSurvey(survey, 'paid', () => 0.5);
    const { next } = take(start, { answer: 'not-using-now' });
    const back = transition(survey, next, { type: 'back' });
    expect(takenEvents(survey, next, back)).toEqual([]);
    expect(shownEvents(survey, back)).toEqual([{ type: 'step', step: 'reason' }]);
  });
});
