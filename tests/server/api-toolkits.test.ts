import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { growthKitPayload, surveyPayload } from './helpers/fixtures';
import { testBundle } from './helpers/bundle';
import { latestKey, mailbox, startHarness, type Harness } from './helpers/harness';

const PROVIDER_SEGMENT = testBundle().provider.segment;

/** Every segment with the three confirmation calls (spec §7), with what each must resolve to. */
const CONFIRMATION_SEGMENTS = [
  { segment: PROVIDER_SEGMENT, toolkit: 'all-at-once', confirmRoute: 'all', persona: 'paid-monthly' },
  { segment: 'seo', toolkit: 'seo', confirmRoute: 'seo', persona: 'paid-monthly' },
  { segment: 'advertising', toolkit: 'advertising', confirmRoute: 'advertising', persona: 'paid-monthly' },
  { segment: 'social', toolkit: 'social', confirmRoute: 'social', persona: 'paid-monthly' },
  { segment: 'local', toolkit: 'local', confirmRoute: 'local', persona: 'paid-monthly' },
  { segment: 'content', toolkit: 'content', confirmRoute: 'content', persona: 'paid-monthly' },
  { segment: 'ai', toolkit: 'ai', confirmRoute: 'ai', persona: 'paid-monthly' },
  { segment: 'traffic-and-market', toolkit: 'traffic-and-market', confirmRoute: 'traffic-and-market', persona: 'paid-monthly' },
  { segment: 'traffic', toolkit: 'traffic-and-market', confirmRoute: 'traffic-and-market', persona: 'paid-monthly' },
  { segment: 'sst', toolkit: 'sst', confirmRoute: 'sst', persona: 'sst-admin' },
];

const OFFER_SEGMENTS = [PROVIDER_SEGMENT, 'seo'];
const NO_OFFER_SEGMENTS = ['advertising', 'social', 'local', 'content', 'ai', 'traffic-and-market', 'traffic', 'sst', 'growth-kit'];

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

describe('confirmation calls for every toolkit segment', () => {
  it('uses the provider segment from the bundle for all-at-once', () => {
    expect(PROVIDER_SEGMENT).toBe('marketlane');
  });

  for (const { segment, toolkit, confirmRoute, persona } of CONFIRMATION_SEGMENTS) {
    it(`${segment}: is-confirmed → send → mail with link → confirm → confirmed`, async () => {
      const client = await harness.signIn(persona);
      const base = `/cancel/api/${segment}`;

      const before = await client.get(`${base}/is-confirmed/`);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ confirmed: false, state: 'none' });

      const sent = await client.post(`${base}/send-confirmation-email/`, {});
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: true });

      const [mail] = await mailbox(harness);
      expect(mail?.links[0]).toMatch(
        new RegExp(`^http://cancel\\.test/cancel/${confirmRoute}/confirm-unsubscribe\\?key=[A-Za-z0-9_-]{43}$`),
      );
      expect((await client.get(`${base}/is-confirmed/`)).json()).toEqual({ confirmed: false, state: 'pending' });

      const key = await latestKey(harness);
      const confirmed = await client.get(`${base}/confirm/?key=${key}`, { csrf: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ confirmed: true, toolkit });
      expect((await client.get(`${base}/is-confirmed/`)).json()).toEqual({ confirmed: true, state: 'confirmed' });
      expect(await harness.rows('SELECT toolkit, state FROM cancellation_requests')).toEqual([{ toolkit, state: 'confirmed' }]);
    });
  }

  it('treats traffic and traffic-and-market as one toolkit', async () => {
    const client = await harness.signIn('paid-monthly');
    expect((await client.post('/cancel/api/traffic/send-confirmation-email/', {})).statusCode).toBe(200);
    const state = await client.get('/cancel/api/traffic-and-market/is-confirmed/');
    expect(state.json()).toEqual({ confirmed: false, state: 'pending' });
  });

  it('growth-kit has no email confirmation (404) but stores its survey', async () => {
    const client = await harness.signIn('paid-monthly');
    for (const call of ['is-confirmed/', 'confirm/?key=abc']) {
      const response = await client.get(`/cancel/api/growth-kit/${call}`, { csrf: true });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not-available' });
    }
    const send = await client.post('/cancel/api/growth-kit/send-confirmation-email/', {});
    expect(send.statusCode).toBe(404);
    const stored = await client.post(
      '/cancel/api/survey-storage/survey-monitoring/',
      growthKitPayload('mia.monthly@example.com'),
    );
    expect(stored.statusCode).toBe(200);
    expect((await harness.counts()).outbox).toBe(0);
  });

  it('answers an unknown toolkit segment with 404 JSON on every call', async () => {
    const client = await harness.signIn('paid-monthly');
    const calls = [
      client.post('/cancel/api/nope/send-confirmation-email/', {}),
      client.get('/cancel/api/nope/is-confirmed/'),
      client.get('/cancel/api/nope/confirm/?key=abc', { csrf: true }),
      client.get('/cancel/api/nope/eligible-for-offer/'),
      client.post('/cancel/api/nope/accept-offer/', {}),
      client.get('/cancel/api/nope/downgrade/?to=pro', { csrf: true }),
      client.get('/cancel/api/all-at-once/is-confirmed/'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error: 'unknown-toolkit' });
      expect((response.json() as { message: string }).message).toMatch(/^toolkit: /);
    }
    expect((await harness.counts()).outbox).toBe(0);
  });
});

describe('offer calls', () => {
  for (const segment of OFFER_SEGMENTS) {
    it(`${segment}: eligible → accept-offer → no longer eligible`, async () => {
      const client = await harness.signIn('paid-monthly');
      const eligible = await client.get(`/cancel/api/${segment}/eligible-for-offer/`);
      expect(eligible.statusCode).toBe(200);
      expect(eligible.json()).toEqual({ result: true, downgrade_plans: ['guru', 'pro'] });

      const accepted = await client.post(`/cancel/api/${segment}/accept-offer/`, {});
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ accepted: true });
      expect((await harness.counts()).accepted_offers).toBe(1);

      expect((await client.get(`/cancel/api/${segment}/eligible-for-offer/`)).json()).toEqual({
        result: false,
        downgrade_plans: [],
      });
      const again = await client.post(`/cancel/api/${segment}/accept-offer/`, {});
      expect(again.statusCode).toBe(409);
      // It names the offer taken, for the page of another tab to show its success (OfferScreen).
      expect(again.json()).toMatchObject({ error: 'offer-already-accepted', offer: (accepted.json() as { offer: string }).offer });
      expect((await harness.counts()).accepted_offers).toBe(1);
    });

    it(`${segment}: downgrade to an offered plan is stored once`, async () => {
      const client = await harness.signIn('paid-monthly');
      const done = await client.get(`/cancel/api/${segment}/downgrade/?to=guru`, { csrf: true });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ downgraded: true, plan: 'guru' });
      expect(await harness.rows('SELECT from_group, to_plan FROM downgrades')).toEqual([{ from_group: 'BUSINESS', to_plan: 'guru' }]);
      const again = await client.get(`/cancel/api/${segment}/downgrade/?to=pro`, { csrf: true });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'already-downgraded', plan: 'guru' });
      expect((await harness.counts()).downgrades).toBe(1);
    });
  }

  it('refuses a second retention action of the other kind with 409 naming the first, not as ineligible', async () => {
    const client = await harness.signIn('paid-monthly');
    expect((await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true })).statusCode).toBe(200);
    const offer = await client.post('/cancel/api/seo/accept-offer/', {});
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({ error: 'already-downgraded', plan: 'pro' });

    expect((await client.post(`/cancel/api/${PROVIDER_SEGMENT}/accept-offer/`, {})).statusCode).toBe(200);
    const downgrade = await client.get(`/cancel/api/${PROVIDER_SEGMENT}/downgrade/?to=guru`, { csrf: true });
    expect(downgrade.statusCode).toBe(409);
    expect(downgrade.json()).toMatchObject({ error: 'offer-already-accepted', offer: expect.any(String) });
    expect((await harness.counts()).downgrades).toBe(1);
    expect((await harness.counts()).accepted_offers).toBe(1);
  });

  it('offers each product group only its own plans', async () => {
    const annual = await harness.signIn('paid-annual');
    // paid-annual is GURU but not eligible: no plans, and the downgrade is refused
    expect((await annual.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: false, downgrade_plans: [] });
    const refused = await annual.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'not-eligible' });
    expect((await annual.post('/cancel/api/seo/accept-offer/', {})).statusCode).toBe(403);
    expect((await harness.counts()).downgrades + (await harness.counts()).accepted_offers).toBe(0);
  });

  for (const segment of NO_OFFER_SEGMENTS) {
    it(`${segment}: offer calls are 404`, async () => {
      const client = await harness.signIn('sst-admin');
      const responses = await Promise.all([
        client.get(`/cancel/api/${segment}/eligible-for-offer/`),
        client.post(`/cancel/api/${segment}/accept-offer/`, {}),
        client.get(`/cancel/api/${segment}/downgrade/?to=pro`, { csrf: true }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect(responses.map((r) => (r.json() as { error: string }).error)).toEqual(['not-available', 'not-available', 'not-available']);
    });
  }
});

describe('who may cancel what', () => {
  it('seo-only may cancel seo and all-at-once, not advertising', async () => {
    const client = await harness.signIn('seo-only');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    expect((await client.post(`/cancel/api/${PROVIDER_SEGMENT}/send-confirmation-email/`, {})).statusCode).toBe(200);
    const refused = await client.post('/cancel/api/advertising/send-confirmation-email/', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'toolkit-not-available' });
    expect((await harness.counts()).outbox).toBe(2);
  });

  it('no-subscription may cancel nothing but still gets its context', async () => {
    const client = await harness.signIn('no-subscription');
    const context = await client.get('/cancel/api/get-context/');
    expect(context.json()).toMatchObject({ user: { has_active_recurring: false } });
    for (const segment of [PROVIDER_SEGMENT, 'seo', 'growth-kit']) {
      const response =
        segment === 'growth-kit'
          ? await client.post('/cancel/api/survey-storage/survey-monitoring/', growthKitPayload('noah.nosub@example.com'))
          : await client.post(`/cancel/api/${segment}/send-confirmation-email/`, {});
      expect(response.statusCode).toBe(403);
    }
    expect((await harness.counts()).outbox + (await harness.counts()).survey_submissions).toBe(0);
  });

  it('sst needs the SST cancellation permission', async () => {
    const member = await harness.signIn('sst-member');
    expect((await member.post('/cancel/api/sst/send-confirmation-email/', {})).statusCode).toBe(403);
    const admin = await harness.signIn('sst-admin');
    expect((await admin.post('/cancel/api/sst/send-confirmation-email/', {})).statusCode).toBe(200);
    expect((await harness.counts()).outbox).toBe(1);
  });

  it('trial users are not eligible for the offer', async () => {
    const client = await harness.signIn('trial');
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toMatchObject({ result: false });
  });
});

describe('context, CSRF token and survey storage', () => {
  it('get-context returns the session persona and get-csrf-token its token', async () => {
    const client = await harness.signIn('seo-only');
    const context = await client.get('/cancel/api/get-context/');
    expect(context.statusCode).toBe(200);
    expect(context.json()).toMatchObject({ user: { user_id: 1005, email: 'sam.seo@example.com', active_toolkits: ['seo'] } });
    const token = await client.get('/cancel/api/get-csrf-token/');
    expect(token.json()).toEqual({ csrf_token: client.csrfToken });
    expect(client.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('calls as the app sends them (JSON content type on every call, no body on GETs) work', async () => {
    const client = await harness.signIn('paid-monthly');
    const json = { 'content-type': 'application/json' };
    expect((await client.get('/cancel/api/get-context/', { headers: json })).statusCode).toBe(200);
    expect((await client.get('/cancel/api/seo/is-confirmed/', { headers: json })).statusCode).toBe(200);
    expect((await client.get('/cancel/api/seo/downgrade/?to=pro', { headers: json, csrf: true })).statusCode).toBe(200);
  });

  it('stores a valid payload and returns its id', async () => {
    const client = await harness.signIn('paid-monthly');
    const payload = surveyPayload('mia.monthly@example.com');
    const first = await client.post('/cancel/api/survey-storage/survey-monitoring/', payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stored: true, id: 1 });
    // Another toolkit's survey is another submission (a repeat of the same one is not: retention.test.ts).
    const second = await client.post('/cancel/api/survey-storage/survey-monitoring/', { ...payload, toolkit: 'content' });
    expect(second.json()).toEqual({ stored: true, id: 2 });
    const [row] = await harness.rows<{ user_id: string; toolkit: string; payload: string }>(
      'SELECT user_id, toolkit, payload FROM survey_submissions WHERE id = 1',
    );
    expect(row?.user_id).toBe('1001');
    expect(row?.toolkit).toBe('seo');
    expect(JSON.parse(row?.payload ?? 'null')).toEqual(payload);
  });
});
