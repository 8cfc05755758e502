import { describe, expect, it } from 'vitest';
import {
  availableOffers,
  buildPayload,
  currentStep,
  downgradePlans,
  enumeratePaths,
  offerSteps,
  restoreState,
  startSurvey,
  toolkitDiscounts,
  toolkitDowngradePlans,
  toolkitHasOffers,
  toolkitOffers,
  transition,
  type PathMove,
  type SurveyState,
} from '../../../src/engine';
import { isStepOfType, AUDIENCES, type Audience, type OfferStep } from '../../../src/model';
import { cancellationSurvey, compiledBundle } from './compiled';
import { dataFor } from './walk';

const survey = cancellationSurvey();
const ELIGIBLE = { toolkit: 'seo', eligible: true, productGroup: 'BUSINESS' };
const offerStep = (audience: Audience, id: string) => survey.audiences[audience].steps[id] as OfferStep;

describe('offer availability', () => {
  it.each(AUDIENCES)('shows both offers to an eligible %s customer on seo and all-at-once only', (audience) => {
    expect(availableOffers(survey, audience, ELIGIBLE)).toEqual(['discount-offer', 'downgrade-offer']);
    expect(availableOffers(survey, audience, { ...ELIGIBLE, toolkit: 'all-at-once' })).toEqual(['discount-offer', 'downgrade-offer']);
    for (const toolkit of ['advertising', 'social', 'local', 'content', 'ai', 'traffic-and-market', 'sst']) {
      expect(availableOffers(survey, audience, { ...ELIGIBLE, toolkit })).toEqual([]);
      expect(toolkitHasOffers(survey, toolkit)).toBe(false);
    }
  });

  it('shows nothing to an ineligible customer', () => {
    expect(availableOffers(survey, 'paid', { ...ELIGIBLE, eligible: false })).toEqual([]);
  });

  it('offers a downgrade only where the product group has a smaller plan', () => {
    expect(availableOffers(survey, 'paid', { ...ELIGIBLE, productGroup: 'PRO' })).toEqual(['discount-offer']);
    expect(downgradePlans(offerStep('paid', 'downgrade-offer'), 'BUSINESS')).toEqual(['guru', 'pro']);
    expect(downgradePlans(offerStep('paid', 'downgrade-offer'), 'GURU')).toEqual(['pro']);
  });

  it('answers the server’s offer calls from the same steps: the discounts and the plans of a toolkit', () => {
    expect(toolkitOffers(survey, 'seo').map((step) => step.id)).toEqual(['discount-offer', 'downgrade-offer']);
    expect(toolkitDiscounts(survey, 'all-at-once')).toEqual(['discount-offer']);
    expect(toolkitDowngradePlans(survey, 'seo', 'business')).toEqual(['guru', 'pro']);
    expect(toolkitDowngradePlans(survey, 'seo', 'GURU')).toEqual(['pro']);
    expect(toolkitDowngradePlans(survey, 'seo', 'PRO')).toEqual([]);
    expect(toolkitDiscounts(survey, 'advertising')).toEqual([]);
    expect(toolkitDowngradePlans(survey, 'advertising', 'BUSINESS')).toEqual([]);
  });

  it('reads the product group whatever its case, as the server does', () => {
    expect(downgradePlans(offerStep('paid', 'downgrade-offer'), 'business')).toEqual(['guru', 'pro']);
    expect(availableOffers(survey, 'paid', { ...ELIGIBLE, productGroup: 'Guru' })).toEqual(['discount-offer', 'downgrade-offer']);
  });
});

describe.each(AUDIENCES)('offer nodes of the %s graph', (audience) => {
  const offers = availableOffers(survey, audience, ELIGIBLE);
  const withOffers = enumeratePaths(survey, audience, offers);
  const without = enumeratePaths(survey, audience);
  const key = (path: PathMove[]) => path.map((m) => `${m.step}=${m.answer ?? ''}`).join(' > ');

  it('passes the offers by when none is available, so the plain paths stay as they were', () => {
    expect(without.some((p) => p.some((m) => m.step.endsWith('-offer')))).toBe(false);
    expect(without).toHaveLength(audience === 'paid' ? 22 : 34);
  });

  it('shows the downgrade after the budget answer and the discount after the price answer', () => {
    for (const path of withOffers) {
      const i = path.findIndex((m) => m.step.endsWith('-offer'));
      if (i < 0) continue;
      const before = path[i - 1];
      expect(`${before?.step}=${before?.answer}`).toBe(path[i]?.step === 'downgrade-offer' ? 'why-not-using=budget' : 'what-could-be-better=price-too-high');
    }
  });

  it('ends a path where the customer accepts, and goes on to the competitors question on decline', () => {
    const accepted = withOffers.filter((p) => p[p.length - 1]?.answer === 'accepted');
    expect(accepted.map(key).sort()).toEqual(
      ['reason=not-meeting-needs > what-could-be-better=price-too-high > discount-offer=accepted', 'reason=not-using-now > why-not-using=budget > downgrade-offer=accepted'],
    );
    const declined = withOffers.filter((p) => p.some((m) => m.answer === 'declined'));
    for (const path of declined) {
      const i = path.findIndex((m) => m.answer === 'declined');
      expect(path[i + 1]?.step).toBe('competitors');
    }
    // Each offer adds its accept path; a declined offer replaces the path that passed it by.
    expect(withOffers).toHaveLength(without.length + 2);
  });

  it('walks every path with offers to its end and records declined offers in the payload', () => {
    for (const path of withOffers) {
      let state: SurveyState = transition(survey, startSurvey(survey, audience), { type: 'offers', available: offers });
      for (const move of path) {
        const step = currentStep(survey, state);
        expect(step.id).toBe(move.step);
        const data = isStepOfType(step, 'offer') ? { choice: move.answer as 'accepted' | 'declined', plan: 'guru' } : dataFor(step, move);
        state = transition(survey, state, { type: 'continue', data });
      }
      const last = path[path.length - 1];
      if (last?.answer === 'accepted') {
        expect(state.status).toBe('retained');
        continue;
      }
      expect(state.status).toBe('complete');
      const user = { email: 'a@example.com', product_group: 'BUSINESS' };
      const payload = buildPayload(survey, state, { user, timestamp: 't', toolkit: 'seo', translate: (s) => s });
      // What survey/cancellation.yaml offers (decision 23): 30% for 3 months, or Guru or Pro to BUSINESS.
      const offered = {
        'discount-offer': { kind: 'discount', percent: 30, months: 3 },
        'downgrade-offer': { kind: 'downgrade', plans: ['guru', 'pro'] },
      };
      const declined = path.filter((m) => m.answer === 'declined');
      expect(payload.retention).toEqual(
        declined.length === 0
          ? undefined
          : declined.map((m) => ({ offer: m.step, ...offered[m.step as keyof typeof offered], choice: 'declined' })),
      );
    }
  });
});

describe('offers and saved state', () => {
  it('restores a state that stopped on an offer, and drops one whose offers are not offers', () => {
    let state = transition(survey, startSurvey(survey, 'paid'), { type: 'offers', available: ['discount-offer'] });
    state = transition(survey, state, { type: 'continue', data: { answer: 'not-meeting-needs' } });
    state = transition(survey, state, { type: 'continue', data: { answer: 'price-too-high' } });
    expect(currentStep(survey, state).id).toBe('discount-offer');
    const saved = JSON.parse(JSON.stringify(state)) as SurveyState;
    expect(restoreState(survey, 'paid', saved)).toEqual(saved);
    expect(restoreState(survey, 'paid', { ...saved, offers: ['competitors'] })).toBeNull();
    // Saved before eligibility was known: the trail must match the offers the state had.
    expect(restoreState(survey, 'paid', { ...saved, offers: [] })).toBeNull();
  });

  it('refuses to mark a question as an offer', () => {
    expect(() => transition(survey, startSurvey(survey, 'paid'), { type: 'offers', available: ['reason'] })).toThrow(/not an offer/);
  });

  it('lists every offer of the bundle’s surveys, as the server reads them', () => {
    const surveys = Object.values(compiledBundle().surveys);
    expect(surveys.flatMap((each) => offerSteps(each).map((o) => `${each.id}/${o.id}:${o.offer.kind}`))).toEqual([
      'cancellation/discount-offer:discount',
      'cancellation/downgrade-offer:downgrade',
    ]);
  });
});

describe('eligibility that arrives late', () => {
  it('does not put an offer the customer has already passed back into their path', () => {
    let state = startSurvey(survey, 'paid');
    state = transition(survey, state, { type: 'continue', data: { answer: 'not-meeting-needs' } });
    state = transition(survey, state, { type: 'continue', data: { answer: 'price-too-high' } });
    expect(currentStep(survey, state).id).toBe('competitors'); // the discount was passed by
    state = transition(survey, state, { type: 'offers', available: ['discount-offer', 'downgrade-offer'] });
    // The downgrade sits on no step taken so far, so it may still be offered; the discount may not.
    expect(state.offers).toEqual(['downgrade-offer']);
    expect(restoreState(survey, 'paid', JSON.parse(JSON.stringify(state)))).not.toBeNull();
    // Going back to step 2 and choosing the price answer again passes the discount by, as it was.
    state = transition(survey, state, { type: 'back' });
    state = transition(survey, state, { type: 'continue', data: { answer: 'price-too-high' } });
    expect(currentStep(survey, state).id).toBe('competitors');
  });
});
