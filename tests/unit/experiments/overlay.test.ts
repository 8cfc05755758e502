// applyOverlay: the survey a variant shows, a compiled survey the engine, the replay and the renderer
// walk unchanged; the survey it starts from is never changed.
import { describe, expect, it } from 'vitest';
import {availableOffers, buildPayload, currentStep, enumeratePaths, offerSteps, replayProblem, startSurvey, toolkitHasOffers, transition, type PathMove} from '../../../src/engine';
import { applyOverlay } from '../../../src/engine/overlay';
import { AUDIENCES, isStepOfType, type Audience, type CompiledStep, type CompiledSurvey, type ExperimentOverlay } from '../../../src/model';
import { cancellationSurvey } from '../engine/compiled';
import { USER, walk } from '../engine/walk';

const survey = cancellationSurvey();
const ELIGIBLE = { toolkit: 'seo', eligible: true, productGroup: 'BUSINESS' };

/** Applies the overlay to a deep copy, asserting the copy is unchanged afterwards. */
function overlaid(overlay: ExperimentOverlay): CompiledSurvey {
  const input = structuredClone(survey);
  const before = JSON.stringify(input);
  const result = applyOverlay(input, overlay);
  expect(JSON.stringify(input)).toBe(before);
  return result;
}

const step = (from: CompiledSurvey, audience: Audience, id: string): CompiledStep => {
  const found = from.audiences[audience].steps[id];
  if (!found) throw new Error(`no step '${id}' for ${audience} users`);
  return found;
};

const discount = (from: CompiledSurvey, audience: Audience) => {
  const offer = step(from, audience, 'discount-offer');
  if (!isStepOfType(offer, 'offer') || offer.offer.kind !== 'discount') throw new Error('discount-offer is no discount');
  return offer.offer;
};

const answerIds = (from: CompiledSurvey, audience: Audience, id: string): string[] => {
  const found = step(from, audience, id);
  return 'answers' in found ? found.answers.map((answer) => answer.id) : [];
};

/** The next step of each answer of a choice step. */
const nextOf = (from: CompiledSurvey, audience: Audience, id: string): Record<string, string> => {
  const found = step(from, audience, id);
  return isStepOfType(found, 'choice') ? Object.fromEntries(found.answers.map((answer) => [answer.id, answer.next])) : {};
};

/** Walks `path` on `from` with every offer available, and builds the payload of the completed survey. */
function payloadOf(from: CompiledSurvey, audience: Audience, path: PathMove[]) {
  const state = walk(from, audience, path, availableOffers(from, audience, ELIGIBLE));
  return buildPayload(from, state, { user: { email: USER.email, product_group: USER.product_group }, timestamp: '2026-10-15T10:00:00Z', toolkit: 'seo', translate: (english) => english });
}

const replay = { productGroup: USER.product_group, validate: () => [] };

describe('an empty overlay', () => {
  it('gives the survey as it is', () => {
    expect(overlaid({})).toEqual(survey);
  });
});

describe('offers', () => {
  it('gives a discount its percent, keeping the months it does not name, for both audiences', () => {
    const result = overlaid({ offers: { 'discount-offer': { percent: 25 } } });
    for (const audience of AUDIENCES) {
      expect(discount(result, audience)).toMatchObject({ percent: 25, months: discount(survey, audience).months });
      expect(discount(survey, audience).percent).toBe(30);
    }
  });

  it('gives a discount its months, and the payload records what was declined', () => {
    const result = overlaid({ offers: { 'discount-offer': { percent: 40, months: 6 } } });
    expect(discount(result, 'paid')).toMatchObject({ percent: 40, months: 6 });
    const path: PathMove[] = [
      { step: 'reason', answer: 'not-meeting-needs' },
      { step: 'what-could-be-better', answer: 'price-too-high' },
      { step: 'discount-offer', answer: 'declined' },
      { step: 'competitors', answer: 'not-sure-yet' },
      { step: 'final' },
    ];
    const payload = payloadOf(result, 'paid', path);
    expect(payload.retention).toEqual([{ offer: 'discount-offer', kind: 'discount', percent: 40, months: 6, choice: 'declined' }]);
    expect(replayProblem(result, 'paid', payload, replay)).toBeUndefined();
  });

  it('leaves a downgrade offer as it is: it has no percent', () => {
    const result = overlaid({ offers: { 'downgrade-offer': { percent: 10 } } });
    expect(result).toEqual(survey);
  });
});

describe('order', () => {
  const order = ['another-account', 'not-meeting-needs', 'not-sure-need', 'not-using-now'];

  it('shows a choice step’s answers in the given order on every visit, Other last, for each audience its own answers', () => {
    const result = overlaid({ order: { reason: order } });
    expect(answerIds(result, 'trial', 'reason')).toEqual([...order, 'other']);
    expect(answerIds(result, 'paid', 'reason')).toEqual(['another-account', 'not-meeting-needs', 'not-using-now', 'other']);
    for (const audience of AUDIENCES) {
      expect(step(result, audience, 'reason')).toMatchObject({ order: 'fixed' });
      expect(step(survey, audience, 'reason')).toMatchObject({ order: 'random' });
      // Whatever the random source, the visit shows the fixed order.
      expect(startSurvey(result, audience, () => 0.99).order.reason).toEqual(answerIds(result, audience, 'reason'));
    }
  });

  it('keeps each answer’s way on', () => {
    const result = overlaid({ order: { reason: order } });
    for (const audience of AUDIENCES) expect(nextOf(result, audience, 'reason')).toEqual(nextOf(survey, audience, 'reason'));
  });

  it('leaves a step whose answers have no order as it is', () => {
    expect(overlaid({ order: { final: ['name'] } })).toEqual(survey);
  });
});

describe('holdout', () => {
  const result = overlaid({ holdout: true });

  it('makes no offer available on any page, so the engine passes each by', () => {
    for (const audience of AUDIENCES) {
      expect(availableOffers(survey, audience, ELIGIBLE)).not.toEqual([]);
      expect(availableOffers(result, audience, ELIGIBLE)).toEqual([]);
    }
    for (const toolkit of ['seo', 'all-at-once']) expect(toolkitHasOffers(result, toolkit)).toBe(false);
    // The offer steps themselves stay: the graph and every path are the survey's own.
    expect(offerSteps(result).map((offer) => offer.id)).toEqual(['discount-offer', 'downgrade-offer']);
    for (const audience of AUDIENCES) expect(enumeratePaths(result, audience)).toEqual(enumeratePaths(survey, audience));
  });

  it('goes straight on past the offer, even where the page announced it available', () => {
    let state = startSurvey(result, 'paid', () => 0.5);
    state = transition(result, state, { type: 'offers', available: availableOffers(result, 'paid', ELIGIBLE) });
    state = transition(result, state, { type: 'continue', data: { answer: 'not-meeting-needs' } });
    state = transition(result, state, { type: 'continue', data: { answer: 'price-too-high' } });
    expect(currentStep(result, state).id).toBe('competitors');
  });

  it('has the replay refuse a payload that declined an offer', () => {
    const path: PathMove[] = [
      { step: 'reason', answer: 'not-meeting-needs' },
      { step: 'what-could-be-better', answer: 'price-too-high' },
      { step: 'discount-offer', answer: 'declined' },
      { step: 'competitors', answer: 'not-sure-yet' },
      { step: 'final' },
    ];
    const payload = payloadOf(survey, 'paid', path);
    expect(replayProblem(survey, 'paid', payload, replay)).toBeUndefined();
    expect(replayProblem(result, 'paid', payload, replay)).toBeDefined();
  });
});

describe('placement', () => {
  const result = overlaid({ placement: { 'discount-offer': { after: 'why-not-using', answer: 'no-time' } } });

  it('puts the offer on the named way, its decline leading where the way led, and takes it from its old place', () => {
    for (const audience of AUDIENCES) {
      expect(nextOf(result, audience, 'why-not-using')).toEqual({ ...nextOf(survey, audience, 'why-not-using'), 'no-time': 'discount-offer' });
      expect(nextOf(result, audience, 'what-could-be-better')).toEqual({ ...nextOf(survey, audience, 'what-could-be-better'), 'price-too-high': 'competitors' });
      expect(step(result, audience, 'discount-offer')).toMatchObject({ next: 'competitors' });
    }
  });

  it('is walked by the engine and judged by the replay, which refuses the path on the survey as it is', () => {
    const path: PathMove[] = [
      { step: 'reason', answer: 'not-using-now' },
      { step: 'why-not-using', answer: 'no-time' },
      { step: 'discount-offer', answer: 'declined' },
      { step: 'competitors', answer: 'not-sure-yet' },
      { step: 'final' },
    ];
    expect(enumeratePaths(result, 'paid', ['discount-offer', 'downgrade-offer'])).toContainEqual(path);
    const payload = payloadOf(result, 'paid', path);
    expect(replayProblem(result, 'paid', payload, replay)).toBeUndefined();
    expect(replayProblem(survey, 'paid', payload, replay)).toBeDefined();
  });

  it('after a step with one way on, stands between it and its next', () => {
    const afterText = overlaid({ placement: { 'downgrade-offer': { after: 'other-services' } } });
    for (const audience of AUDIENCES) {
      expect(step(afterText, audience, 'other-services')).toMatchObject({ next: 'downgrade-offer' });
      expect(step(afterText, audience, 'downgrade-offer')).toMatchObject({ next: 'final' });
      expect(nextOf(afterText, audience, 'why-not-using').budget).toBe('competitors');
      // Every path still ends, with the offer shown or passed by.
      expect(enumeratePaths(afterText, audience, ['discount-offer', 'downgrade-offer']).length).toBeGreaterThan(0);
      expect(enumeratePaths(afterText, audience).length).toBe(enumeratePaths(survey, audience).length);
    }
  });

  it('leaves a flow without the named way as it is: the trial-only step’s answer moves no offer for paid users', () => {
    const trialOnly = overlaid({ placement: { 'discount-offer': { after: 'why-not-sure', answer: 'just-trying' } } });
    expect(nextOf(trialOnly, 'trial', 'why-not-sure')['just-trying']).toBe('discount-offer');
    expect(trialOnly.audiences.paid).toEqual(survey.audiences.paid);
  });

  it('moves nothing but offers', () => {
    expect(overlaid({ placement: { competitors: { after: 'why-not-using', answer: 'no-time' } } })).toEqual(survey);
  });

  it('does nothing where the way already leads to the offer', () => {
    expect(overlaid({ placement: { 'discount-offer': { after: 'what-could-be-better', answer: 'price-too-high' } } })).toEqual(survey);
  });
});

describe('parts together', () => {
  it('applies every part: a placed offer with its new percent, under a fixed order', () => {
    const result = overlaid({
      offers: { 'discount-offer': { percent: 20 } },
      order: { reason: ['not-using-now', 'not-meeting-needs', 'not-sure-need', 'another-account'] },
      placement: { 'discount-offer': { after: 'why-not-using', answer: 'budget' } },
    });
    expect(discount(result, 'trial').percent).toBe(20);
    expect(step(result, 'trial', 'reason')).toMatchObject({ order: 'fixed' });
    expect(nextOf(result, 'trial', 'why-not-using').budget).toBe('discount-offer');
    // The downgrade offer the budget answer led to now stands after the discount.
    expect(step(result, 'trial', 'discount-offer')).toMatchObject({ next: 'downgrade-offer' });
  });
});
