// The retention offers come from the survey YAML: the server offers what the bundle declares.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RetentionRecord } from '../../src/model';
import { entry, surveyPayload } from './helpers/fixtures';
import { signInToVariant, startHarness, type Client, type Harness } from './helpers/harness';
import { batch, event, EVENTS } from './helpers/visits';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const signInTo = (variant: string): Promise<Client> => signInToVariant(harness, variant);

/** A survey that declined the discount offer of `percent`, as the page that showed it sends it. */
const declinedDiscount = (percent: number) =>
  surveyPayload('mia.monthly@example.com', {
    survey: {
      first_question: entry('Please let us know why you’re leaving', ['The product doesn’t fully meet my needs']),
      second_question: entry('What could we have done better?', ['The price is too high']),
      third_question: entry('Are you going to use any other service instead?', ['Not sure yet']),
    },
    retention: [{ offer: 'discount-offer', kind: 'discount', percent, months: 3, choice: 'declined' }],
  });
const STORAGE = '/cancel/api/survey-storage/survey-monitoring/';

describe('retention offers in an experiment’s variant', () => {
  it('are neither offered to nor taken by a customer held out of them by a running experiment', async () => {
    harness.clock.ms = Date.parse('2026-10-15T10:00:00Z');
    const client = await signInTo('holdout');
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: false, downgrade_plans: [] });
    const accepted = await client.post('/cancel/api/seo/accept-offer/', { offer: 'discount-offer' });
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json()).toMatchObject({ error: 'not-eligible' });
    expect((await client.get('/cancel/api/seo/downgrade/?to=guru', { csrf: true })).statusCode).toBe(403);
    expect((await harness.counts())).toMatchObject({ accepted_offers: 0, downgrades: 0 });
  });

  it('a survey answered in a variant is stored as that variant when it is sent after the experiment ended', async () => {
    harness.clock.ms = Date.parse('2026-10-31T23:59:30Z');
    const client = await signInTo('discount-40');
    const visit = randomUUID();
    const started = await client.post(EVENTS, batch(visit, [event('visit')]));
    expect(started.statusCode, started.body).toBe(200);
    harness.clock.advance(40);
    const stored = await client.post(STORAGE, declinedDiscount(40));
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await harness.rows('SELECT experiment, variant FROM survey_submissions')).toEqual([{ experiment: 'discount-depth-2026-10', variant: 'discount-40' }]);
    // Without a visit in the variant, the survey must fit the one shown now.
    const other = await harness.signIn('paid-monthly');
    expect((await other.post(STORAGE, declinedDiscount(40))).statusCode).toBe(400);
  });

  it('a survey that fits both its visit’s variant and the survey shown now is recorded in its visit’s variant', async () => {
    harness.clock.ms = Date.parse('2026-10-31T23:58:00Z');
    const client = await signInTo('fixed-order');
    const visit = randomUUID();
    expect((await client.post(EVENTS, batch(visit, [event('visit'), event('step', 'reason')]))).statusCode).toBe(200);
    harness.clock.ms = Date.parse('2026-11-01T00:01:00Z');
    const stored = await client.post(STORAGE, surveyPayload('mia.monthly@example.com'));
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await harness.rows('SELECT experiment, variant, visit_id FROM survey_submissions')).toEqual([
      { experiment: 'discount-depth-2026-10', variant: 'fixed-order', visit_id: visit },
    ]);
  });

  it('a survey stored under its key is answered again by a retry after the survey changed', async () => {
    harness.clock.ms = Date.parse('2026-10-31T23:59:50Z');
    const client = await signInTo('discount-40');
    const send = () => client.post(STORAGE, declinedDiscount(40), { headers: { 'idempotency-key': 'survey-1' } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    harness.clock.advance(20);
    const replay = await send();
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
  });
});

describe('retention offers declared in the survey', () => {

  it('records the discount offer by the survey step that showed it', async () => {
    const client = await harness.signIn('paid-monthly');
    const accepted = await client.post('/cancel/api/seo/accept-offer/', { offer: 'discount-offer' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ accepted: true, offer: 'discount-offer', toolkit: 'seo' });
    expect(await harness.rows('SELECT toolkit, offer FROM accepted_offers')).toEqual([{ toolkit: 'seo', offer: 'discount-offer' }]);
  });

  it('refuses an offer the survey does not declare, and stores nothing', async () => {
    const client = await harness.signIn('paid-monthly');
    const refused = await client.post('/cancel/api/seo/accept-offer/', { offer: 'free-lunch' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid-body', message: expect.stringMatching(/^offer: 'free-lunch' is not a discount offered on seo/) });
    expect((await harness.counts()).accepted_offers).toBe(0);
  });

  it('offers the YAML plans of the user’s product group and refuses others', async () => {
    const client = await harness.signIn('paid-monthly'); // BUSINESS
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: true, downgrade_plans: ['guru', 'pro'] });
    const refused = await client.get('/cancel/api/seo/downgrade/?to=business-plus', { csrf: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'plan-not-offered', message: "to: 'business-plus' is not a plan offered to this account (offered: guru, pro)." });
    expect((await harness.counts()).downgrades).toBe(0);
  });

  it('stores the declined offers with the survey', async () => {
    const client = await harness.signIn('paid-monthly');
    const retention: RetentionRecord[] = [{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['guru', 'pro'], choice: 'declined' }];
    // The offer lies on the path of the budget answer only.
    const offPath = await client.post('/cancel/api/survey-storage/survey-monitoring/', surveyPayload('mia.monthly@example.com', { retention }));
    expect(offPath.statusCode).toBe(400);
    expect(offPath.json().message).toBe("retention[0].offer: 'downgrade-offer' is not an offer on the path the answers take.");
    expect((await harness.counts()).survey_submissions).toBe(0);
    const payload = surveyPayload('mia.monthly@example.com', {
      survey: {
        first_question: entry('Please let us know why you’re leaving', ['I am satisfied with the product, but I don’t/can’t use it right now']),
        second_question: entry('Why don’t you use it right now?', ['It no longer fits my budget']),
        third_question: entry('Are you going to use any other service instead?', ['Not sure yet']),
      },
      retention,
    });
    expect((await client.post('/cancel/api/survey-storage/survey-monitoring/', payload)).statusCode).toBe(200);
    const [row] = await harness.rows<{ payload: string }>('SELECT payload FROM survey_submissions');
    expect(JSON.parse(row?.payload ?? 'null').retention).toEqual([{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['guru', 'pro'], choice: 'declined' }]);
  });

  it('refuses a declined offer that does not say what it offered, naming the field', async () => {
    const client = await harness.signIn('paid-monthly');
    const payload = { ...surveyPayload('mia.monthly@example.com'), retention: [{ offer: 'downgrade-offer', kind: 'downgrade', choice: 'declined' }] };
    const refused = await client.post('/cancel/api/survey-storage/survey-monitoring/', payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('retention[0].plans: is required');
    expect((await harness.counts()).survey_submissions).toBe(0);
  });

  it('refuses a retention record that is not a declined offer, naming the field', async () => {
    const client = await harness.signIn('paid-monthly');
    const payload = { ...surveyPayload('mia.monthly@example.com'), retention: [{ offer: 'discount-offer', kind: 'discount', percent: 30, months: 3, choice: 'accepted' }] };
    const refused = await client.post('/cancel/api/survey-storage/survey-monitoring/', payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^retention\[0\]\.choice: /);
    expect((await harness.counts()).survey_submissions).toBe(0);
  });
});
