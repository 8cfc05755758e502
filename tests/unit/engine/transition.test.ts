import { describe, expect, it } from 'vitest';
import {
  answerOrder,
  audienceOf,
  currentStep,
  orderedAnswers,
  restoreState,
  startSurvey,
  stepIndicator,
  SurveyTransitionError,
  transition,
} from '../../../src/engine';
import type { ChoiceStep } from '../../../src/model';
import { cancellationSurvey } from './compiled';

const survey = cancellationSurvey();

describe('audienceOf', () => {
  it('treats a user with a product who has not paid as trial', () => {
    expect(audienceOf({ has_product: true, is_paid: false })).toBe('trial');
    expect(audienceOf({ has_product: true, is_paid: true })).toBe('paid');
  });
});

describe('answer order', () => {
  const answers = [
    { id: 'a', text: 'A', next: 'x', isOther: false },
    { id: 'b', text: 'B', next: 'x', isOther: false },
    { id: 'c', text: 'C', next: 'x', isOther: false },
    { id: 'other', text: 'Other', next: 'x', isOther: true },
  ];

  it('keeps the authored order for fixed steps', () => {
    expect(answerOrder(answers, 'fixed', () => 0)).toEqual(['a', 'b', 'c', 'other']);
  });

  it('shuffles random steps and keeps Other last', () => {
    const orders = new Set<string>();
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 60; i++) {
      const order = answerOrder(answers, 'random', random);
      expect(order[order.length - 1]).toBe('other');
      expect([...order].sort()).toEqual(['a', 'b', 'c', 'other']);
      orders.add(order.join());
    }
    expect(orders.size).toBe(6); // every permutation of the three regular answers appears
  });

  it('chooses the order once per visit and keeps it across steps and back', () => {
    let state = startSurvey(survey, 'paid', () => 0);
    const first = currentStep(survey, state) as ChoiceStep;
    const order = orderedAnswers(first, state).map((a) => a.id);
    expect(order[order.length - 1]).toBe('other');
    state = transition(survey, state, { type: 'continue', data: { answer: 'not-using-now' } });
    state = transition(survey, state, { type: 'back' });
    expect(orderedAnswers(first, state).map((a) => a.id)).toEqual(order);
  });
});

describe('transition', () => {
  it('moves to the follow-up of the chosen answer and back again, keeping what was entered', () => {
    let state = startSurvey(survey, 'paid');
    state = transition(survey, state, { type: 'continue', data: { answer: 'not-meeting-needs' } });
    expect(currentStep(survey, state).id).toBe('what-could-be-better');
    expect(stepIndicator(survey, state)).toEqual({ current: 2, total: 4 });
    state = transition(survey, state, { type: 'edit', data: { answer: 'needs-improvements', details: { 'needs-improvements': 'More exports' } } });
    state = transition(survey, state, { type: 'back' });
    expect(currentStep(survey, state).id).toBe('reason');
    expect(state.data['what-could-be-better']).toEqual({ answer: 'needs-improvements', details: { 'needs-improvements': 'More exports' } });
    expect(state.data.reason).toEqual({ answer: 'not-meeting-needs' });
  });

  it('shows step 3.5 as step 3 in the indicator', () => {
    let state = startSurvey(survey, 'paid');
    state = transition(survey, state, { type: 'continue', data: { answer: 'other', details: { other: 'Moving' } } });
    state = transition(survey, state, { type: 'continue', data: { answer: 'will-use-other' } });
    expect(currentStep(survey, state).id).toBe('other-services');
    expect(stepIndicator(survey, state)).toEqual({ current: 3, total: 4 });
  });

  it('does not go back from the first step', () => {
    const state = startSurvey(survey, 'trial');
    expect(transition(survey, state, { type: 'back' })).toBe(state);
  });

  it('refuses an answer the audience does not have', () => {
    const state = startSurvey(survey, 'paid');
    expect(() => transition(survey, state, { type: 'continue', data: { answer: 'not-sure-need' } })).toThrow(SurveyTransitionError);
  });

  it('refuses events after completion', () => {
    let state = startSurvey(survey, 'paid');
    state = transition(survey, state, { type: 'continue', data: { answer: 'another-account' } });
    state = transition(survey, state, { type: 'continue', data: { name: 'Ann', agreement: true } });
    expect(state.status).toBe('complete');
    expect(() => transition(survey, state, { type: 'back' })).toThrow(/already complete/);
  });

  it('does not mutate the state it is given', () => {
    const state = startSurvey(survey, 'paid');
    const copy = structuredClone(state);
    transition(survey, state, { type: 'continue', data: { answer: 'not-using-now' } });
    expect(state).toEqual(copy);
  });
});

describe('ids from outside the compiled survey', () => {
  it('restores no saved state whose trail or offers name what an object inherits', () => {
    const fresh = startSurvey(survey, 'paid', () => 0.5);
    for (const id of ['__proto__', 'constructor', 'hasOwnProperty']) {
      expect(restoreState(survey, 'paid', { ...fresh, trail: [fresh.trail[0], id] })).toBeNull();
      expect(restoreState(survey, 'paid', { ...fresh, offers: [id] })).toBeNull();
      expect(() => transition(survey, fresh, { type: 'offers', available: [id] })).toThrow(SurveyTransitionError);
    }
  });
});
