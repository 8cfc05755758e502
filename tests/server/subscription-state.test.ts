// The reference server as a subscription backend: fresh accounts per sign-in, subscriptions that
// end when their cancellation is confirmed, offers never on a subscription being cancelled, pending
// cancellations in the context, one submission per cancellation and a per-user rate limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SURVEY_STORAGE_LIMIT } from '../../src/server/routes/api-survey';
import { surveyPayload } from './helpers/fixtures';
import { latestKey, startHarness, type Client, type Harness } from './helpers/harness';
import { testBundle } from './helpers/bundle';

const PROVIDER = testBundle().provider.segment;
const STORE = '/cancel/api/survey-storage/survey-monitoring/';
const EMAIL_CONFIRMED = testBundle().toolkits.filter((b) => b.confirmRoute !== undefined);

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const context = async (client: Client) => (await client.get('/cancel/api/get-context/')).json() as {
  user: { user_id: number; active_toolkits: string[]; has_active_recurring: boolean; eligible_for_offer: boolean; product_group: string; has_sst_cancellation_permission: boolean };
  pending_cancellations: { toolkit: string; email_sent_at: string; resend_in_seconds: number }[];
};

async function confirm(client: Client, segment: string): Promise<void> {
  expect((await client.post(`/cancel/api/${segment}/send-confirmation-email/`, {})).statusCode).toBe(200);
  const confirmed = await client.get(`/cancel/api/${segment}/confirm/?key=${await latestKey(harness)}`, { csrf: true });
  expect(confirmed.statusCode).toBe(200);
}

describe('demo accounts', () => {
  it('each sign-in makes a fresh account: the persona’s own id first, then new ids, each with its own state', async () => {
    const first = await harness.signIn('paid-monthly');
    const second = await harness.signIn('paid-monthly');
    expect((await context(first)).user.user_id).toBe(1001);
    expect((await context(second)).user.user_id).toBe(100001);
    await confirm(first, 'seo');
    expect((await context(first)).user.active_toolkits).not.toContain('seo');
    expect((await context(second)).user.active_toolkits).toContain('seo');
    expect(await harness.rows('SELECT user_id, persona_id FROM accounts ORDER BY user_id')).toEqual([
      { user_id: 1001, persona_id: 'paid-monthly' },
      { user_id: 100001, persona_id: 'paid-monthly' },
    ]);
  });

  it('/dev/ lists the accounts, and a reset forgets what one did', async () => {
    const client = await harness.signIn('seo-only');
    await confirm(client, 'seo');
    expect((await context(client)).user.has_active_recurring).toBe(false);
    const page = await harness.get('/dev/');
    expect(page.body).toContain('<code>1005</code></td><td><code>seo-only</code>');
    const reset = await harness.inject({ method: 'POST', url: '/dev/accounts/1005/reset', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(reset.statusCode).toBe(303);
    expect(reset.headers.location).toBe('/dev/');
    expect((await context(client)).user).toMatchObject({ has_active_recurring: true, active_toolkits: ['seo'] });
    expect((await harness.counts())).toMatchObject({ cancellation_requests: 0, confirmation_keys: 0 });
    // The audit trail's record of the confirmed cancellation goes too: a later one starts afresh.
    expect(await harness.rows("SELECT COUNT(*) AS n FROM cancellation_records WHERE user_id = '1005'")).toEqual([{ n: 0 }]);
    const unknown = await harness.inject({ method: 'POST', url: '/dev/accounts/999/reset', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(unknown.statusCode).toBe(404);
  });

  it('/dev/mailbox.json?account=mine shows only the signed-in account’s mail', async () => {
    const first = await harness.signIn('paid-annual');
    const second = await harness.signIn('paid-annual');
    await first.post('/cancel/api/content/send-confirmation-email/', {});
    await second.post('/cancel/api/social/send-confirmation-email/', {});
    const mine = (await second.get('/dev/mailbox.json?account=mine')).json() as { links: string[] }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]?.links[0]).toContain('/cancel/social/confirm-unsubscribe?key=');
    expect(((await harness.get('/dev/mailbox.json')).json() as unknown[]).length).toBe(2);
  });
});

describe('subscriptions end when their cancellation is confirmed', () => {
  it('a confirmed toolkit leaves active_toolkits; its calls say it is cancelled; offers on it are 409', async () => {
    const client = await harness.signIn('paid-monthly');
    await confirm(client, 'seo');
    const { user } = await context(client);
    expect(user.active_toolkits).toEqual(['advertising', 'content', 'local', 'social', 'traffic-and-market', 'ai']);
    expect(user.has_active_recurring).toBe(true);
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: true, state: 'confirmed' });
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).json()).toMatchObject({ error: 'already-confirmed' });
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: false, downgrade_plans: [] });
    const offer = await client.post('/cancel/api/seo/accept-offer/', {});
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({ error: 'already-cancelled' });
    const downgrade = await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true });
    expect(downgrade.json()).toMatchObject({ error: 'already-cancelled' });
    expect((await harness.counts())).toMatchObject({ accepted_offers: 0, downgrades: 0 });
  });

  it('all-at-once ends every subscription: nothing active, every toolkit confirmed', async () => {
    const client = await harness.signIn('sst-admin');
    await confirm(client, PROVIDER);
    const { user } = await context(client);
    expect(user).toMatchObject({ active_toolkits: [], has_active_recurring: false, has_sst_cancellation_permission: false });
    for (const binding of EMAIL_CONFIRMED) {
      const state = await client.get(`/cancel/api/${binding.apiSegment}/is-confirmed/`);
      expect(state.json(), binding.toolkit).toEqual({ confirmed: true, state: 'confirmed' });
    }
    const again = await client.post(STORE, surveyPayload('ada.admin@example.com'));
    expect(again.statusCode).toBe(403);
  });

  it('the last toolkit confirmed ends the recurring subscription', async () => {
    const client = await harness.signIn('seo-only');
    await confirm(client, 'seo');
    expect((await context(client)).user).toMatchObject({ active_toolkits: [], has_active_recurring: false });
  });

  it('a confirmation withdraws an offer accepted before it; a downgrade is listed in the context until then', async () => {
    const client = await harness.signIn('paid-monthly');
    expect((await client.get(`/cancel/api/${PROVIDER}/downgrade/?to=pro`, { csrf: true })).statusCode).toBe(200);
    expect((await client.post('/cancel/api/seo/accept-offer/', {})).statusCode).toBe(200);
    expect(await context(client)).toMatchObject({ user: { product_group: 'BUSINESS', eligible_for_offer: false }, downgrades: [{ toolkit: 'all-at-once', plan: 'pro' }] });
    await confirm(client, 'seo');
    expect(await harness.rows('SELECT toolkit, CASE WHEN withdrawn_at IS NOT NULL THEN 1 ELSE 0 END AS withdrawn FROM accepted_offers')).toEqual([{ toolkit: 'seo', withdrawn: 1 }]);
    await confirm(client, PROVIDER);
    expect(await harness.rows('SELECT toolkit, CASE WHEN withdrawn_at IS NOT NULL THEN 1 ELSE 0 END AS withdrawn FROM downgrades')).toEqual([{ toolkit: 'all-at-once', withdrawn: 1 }]);
    expect(await context(client)).toMatchObject({ user: { has_active_recurring: false }, downgrades: [] });
  });
});

describe('a cancellation waiting for its emailed link', () => {
  it('is in the context with when the email went out and the seconds left before a resend', async () => {
    const client = await harness.signIn('paid-monthly');
    const sentAt = harness.clock.now();
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    harness.clock.advance(15);
    expect((await context(client)).pending_cancellations).toEqual([
      { toolkit: 'seo', email_sent_at: new Date(sentAt).toISOString(), resend_in_seconds: 45 },
    ]);
    harness.clock.advance(60);
    expect((await context(client)).pending_cancellations[0]?.resend_in_seconds).toBe(0);
    await client.get(`/cancel/api/seo/confirm/?key=${await latestKey(harness)}`, { csrf: true });
    expect((await context(client)).pending_cancellations).toEqual([]);
  });

  it('takes no offer: not eligible, and accepting is 409', async () => {
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: false, downgrade_plans: [] });
    const offer = await client.post('/cancel/api/seo/accept-offer/', {});
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({ error: 'cancellation-pending' });
    // All-at-once pending covers every toolkit's offers too.
    await client.post(`/cancel/api/${PROVIDER}/send-confirmation-email/`, {});
    expect((await client.get(`/cancel/api/${PROVIDER}/downgrade/?to=pro`, { csrf: true })).json()).toMatchObject({ error: 'cancellation-pending' });
    expect((await harness.counts())).toMatchObject({ accepted_offers: 0, downgrades: 0 });
  });
});

describe('survey storage keeps one submission per cancellation, with a per-user limit', () => {
  it('a repeat with a new key answers the first record and stores nothing', async () => {
    const client = await harness.signIn('paid-monthly');
    const first = await client.post(STORE, surveyPayload('mia.monthly@example.com'), { headers: { 'idempotency-key': 'one' } });
    const repeat = await client.post(STORE, surveyPayload('mia.monthly@example.com', { name: 'Changed Mind' }), { headers: { 'idempotency-key': 'two' } });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect((await harness.rows<{ payload: string }>('SELECT payload FROM survey_submissions')).map((r) => (JSON.parse(r.payload) as { name: string }).name)).toEqual([
      surveyPayload('mia.monthly@example.com').name,
    ]);
  });

  it(`more than ${SURVEY_STORAGE_LIMIT.requests} a minute get 429 with Retry-After; the next window takes them again`, async () => {
    const client = await harness.signIn('paid-monthly');
    harness.clock.advance(60 - (harness.clock.now() / 1000) % 60);
    for (let i = 0; i < SURVEY_STORAGE_LIMIT.requests; i += 1) {
      expect((await client.post(STORE, surveyPayload('mia.monthly@example.com'))).statusCode).toBe(200);
    }
    harness.clock.advance(20);
    const refused = await client.post(STORE, surveyPayload('mia.monthly@example.com'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json()).toMatchObject({ error: 'too-many-submissions' });
    harness.clock.advance(40);
    expect((await client.post(STORE, surveyPayload('mia.monthly@example.com'))).statusCode).toBe(200);
    expect((await harness.counts()).survey_submissions).toBe(1);
  });
});
