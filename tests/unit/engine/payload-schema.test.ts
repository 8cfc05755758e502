import { describe, expect, it } from 'vitest';
import { availableOffers, buildPayload, enumeratePaths, type PathMove } from '../../../src/engine';
import { AUDIENCES, type StepId } from '../../../src/model';
// The server's own ajv instance, with schemas/survey-payload.schema.json registered: a payload it
// rejects here is a payload the survey-storage call would refuse.
import { ajv, SURVEY_PAYLOAD_SCHEMA_ID } from '../../../src/server/validation';
import { surveyPayload } from '../../server/helpers/fixtures';
import { user } from '../app/users';
import { compiledBundle } from './compiled';
import { walk } from './walk';

/** A customer as the context call returns one; BUSINESS has smaller plans to be offered. */
const USER = user({ eligible_for_offer: true });

const validate = ajv.getSchema(SURVEY_PAYLOAD_SCHEMA_ID);
const bundle = compiledBundle();
const name = (path: PathMove[]): string => path.map((m) => `${m.step}${m.answer ? `=${m.answer}` : ''}`).join(' > ');

describe('buildPayload against schemas/survey-payload.schema.json', () => {
  it('has the payload schema registered', () => {
    expect(validate).toBeDefined();
  });

  for (const [surveyId, survey] of Object.entries(bundle.surveys)) {
    const toolkits = bundle.toolkits.filter((binding) => binding.survey === surveyId).map((binding) => binding.toolkit);

    describe.each(AUDIENCES)(`${surveyId}, %s`, (audience) => {
      it('gives a valid payload on every path that submits, with and without the offers', () => {
        let checked = 0;
        let declinedOffers = 0;
        for (const toolkit of toolkits) {
          const offers = availableOffers(survey, audience, { toolkit, eligible: true, productGroup: USER.product_group });
          // Without offers (an ineligible customer or a toolkit without them) and with those this customer may see.
          const runs: StepId[][] = offers.length > 0 ? [[], offers] : [[]];
          for (const shown of runs) {
            // A path that ends by accepting an offer keeps the subscription: it submits no survey.
            for (const path of enumeratePaths(survey, audience, shown).filter((p) => p[p.length - 1]?.answer !== 'accepted')) {
              const state = walk(survey, audience, path, shown);
              const payload = buildPayload(survey, state, {
                user: USER,
                timestamp: '2026-11-21T10:00:00.000Z',
                toolkit,
                translate: (text) => `«${text}»`,
              });
              const valid = validate?.(payload);
              expect(validate?.errors ?? [], `${toolkit}: ${name(path)}`).toEqual([]);
              expect(valid).toBe(true);
              // What the stricter schema will ask for as well: terms accepted and the first question always there.
              expect(payload.accepted_terms, name(path)).toBe(true);
              expect(payload.survey.first_question, name(path)).toBeDefined();
              checked += 1;
              declinedOffers += payload.retention?.length ?? 0;
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
        // The cancellation survey's offers are shown and declined on some paths, so `retention` is checked too.
        if (surveyId === 'cancellation') expect(declinedOffers).toBeGreaterThan(0);
      });
    });
  }

  it('refuses a declined offer that does not say what it offered, or says what another kind offers', () => {
    const withRecord = (record: object): boolean | undefined =>
      // The record is any object on purpose: the schema, not the type, is under test.
      validate?.({ ...surveyPayload(USER.email), retention: [{ offer: 'an-offer', choice: 'declined', ...record }] }) as boolean | undefined;
    expect(withRecord({ kind: 'discount', percent: 30, months: 3 })).toBe(true);
    expect(withRecord({ kind: 'downgrade', plans: ['guru', 'pro'] })).toBe(true);
    expect(withRecord({ kind: 'discount', percent: 30 })).toBe(false);
    expect(withRecord({ kind: 'discount', percent: 0, months: 3 })).toBe(false);
    expect(withRecord({ kind: 'downgrade' })).toBe(false);
    expect(withRecord({ kind: 'downgrade', plans: [] })).toBe(false);
    expect(withRecord({ kind: 'downgrade', plans: ['guru'], percent: 30 })).toBe(false);
    expect(withRecord({ kind: 'discount', percent: 30, months: 3, plans: ['guru'] })).toBe(false);
  });

  it('covers every compiled survey, the growth kit included', () => {
    expect(Object.keys(bundle.surveys).sort()).toEqual(['cancellation', 'growth-kit']);
  });
});
