import { describe, expect, it } from 'vitest';
import { markRetained, markSubmitted, readSavedState, retainedOutcome, saveState, savedEnteredTexts, wasSubmitted } from '../../../src/app/saved-survey';
import { startSurvey, transition } from '../../../src/engine';
import { cancellationSurvey } from '../engine/compiled';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    items,
  };
}

describe('saved survey', () => {
  it('keeps the state per page and forgets it once submitted', () => {
    const store = memoryStore();
    const state = startSurvey(cancellationSurvey(), 'paid');
    saveState('seo', state, store);
    expect(readSavedState('seo', store)).toEqual(state);
    expect(readSavedState('local', store)).toBeNull();
    markSubmitted('seo', store);
    expect(readSavedState('seo', store)).toBeNull();
    expect(wasSubmitted('seo', store)).toBe(true);
  });

  it('forgets the answers once an offer is accepted, and remembers which offer and plan', () => {
    const store = memoryStore();
    saveState('seo', startSurvey(cancellationSurvey(), 'paid'), store);
    expect(retainedOutcome('seo', store)).toBeNull();
    markRetained('seo', { offer: 'downgrade-offer', plan: 'guru' }, store);
    expect(readSavedState('seo', store)).toBeNull();
    expect(retainedOutcome('seo', store)).toEqual({ offer: 'downgrade-offer', plan: 'guru' });
    expect(retainedOutcome('all', store)).toBeNull();
    expect(wasSubmitted('seo', store)).toBe(false);
  });

  it('reads a retained outcome that is not one as nothing', () => {
    const store = memoryStore();
    for (const text of ['{not json', '"discount-offer"', '{"offer":3}', '{"offer":"discount-offer","plan":1}']) {
      store.setItem('cancel:retained:seo', text);
      expect(retainedOutcome('seo', store)).toBeNull();
    }
  });

  it('reads garbage as nothing', () => {
    const store = memoryStore();
    store.setItem('cancel:survey:seo', '{not json');
    expect(readSavedState('seo', store)).toBeNull();
  });

  it('survives a storage that refuses to work', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(() => saveState('seo', startSurvey(cancellationSurvey(), 'paid'), broken)).not.toThrow();
    expect(readSavedState('seo', broken)).toBeNull();
  });

  it('lists what was typed on every saved survey of the tab, for the error reports to scrub', () => {
    const store = memoryStore();
    const survey = cancellationSurvey();
    const seo = transition(survey, startSurvey(survey, 'paid'), { type: 'continue', data: { answer: 'other', details: { other: 'Private reason' } } });
    const local = transition(survey, startSurvey(survey, 'trial'), { type: 'edit', data: { answer: 'other', details: { other: 'Draft on local' } } });
    saveState('seo', seo, store);
    saveState('local', local, store);
    store.setItem('cancel:survey:broken', '{not json');
    store.setItem('unrelated', 'Not a survey');
    expect(savedEnteredTexts({ [survey.id]: survey }, store).sort()).toEqual(['Draft on local', 'Private reason']);
    expect(savedEnteredTexts({}, store)).toEqual([]);
    expect(savedEnteredTexts({ [survey.id]: survey }, null)).toEqual([]);
  });
});
