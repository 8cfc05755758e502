import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { surveyPayload } from './helpers/fixtures';
import { latestKey, startHarness, type Client, type Harness } from './helpers/harness';

let harness: Harness;
let client: Client;

beforeEach(async () => {
  harness = await startHarness();
  client = await harness.signIn('paid-monthly');
});
afterEach(async () => {
  await harness.stop();
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const STORE = '/cancel/api/survey-storage/survey-monitoring/';

describe('Idempotency-Key', () => {
  it('send-confirmation-email: a replay returns the first response, sends one mail and is not rate-limited', async () => {
    const first = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('send-1'));
    harness.clock.advance(5);
    const replay = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('send-1'));
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await harness.counts())).toMatchObject({ outbox: 1, confirmation_keys: 1, idempotency_records: 1 });
    // A new key is a new request and meets the rate limit.
    const fresh = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('send-2'));
    expect(fresh.statusCode).toBe(429);
    expect((await harness.counts()).outbox).toBe(1);
  });

  it('accept-offer: a replay returns 200 again instead of 409, with one record', async () => {
    const first = await client.post('/cancel/api/seo/accept-offer/', {}, withKey('offer-1'));
    const replay = await client.post('/cancel/api/seo/accept-offer/', {}, withKey('offer-1'));
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await harness.counts()).accepted_offers).toBe(1);
    expect((await client.post('/cancel/api/seo/accept-offer/', {})).statusCode).toBe(409);
  });

  it('downgrade: a replay returns the first response, with one record', async () => {
    const first = await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true, ...withKey('down-1') });
    const replay = await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true, ...withKey('down-1') });
    expect(first.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await harness.counts()).downgrades).toBe(1);
  });

  it('survey-storage: a replay with the fields in another order is the same request, answered again', async () => {
    const payload = surveyPayload('mia.monthly@example.com');
    const first = await client.post(STORE, payload, withKey('survey-1'));
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const replay = await client.post(STORE, reordered, withKey('survey-1'));
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await harness.counts()).survey_submissions).toBe(1);
  });

  it('a record stored with the earlier hash (the fields as they came) is still replayed', async () => {
    const payload = surveyPayload('mia.monthly@example.com');
    const first = await client.post(STORE, payload, withKey('survey-4'));
    const legacy = createHash('sha256').update(JSON.stringify({ query: {}, body: payload })).digest('hex');
    await harness.exec('UPDATE idempotency_records SET request_hash = ? WHERE idem_key = ?', legacy, 'survey-4');
    const replay = await client.post(STORE, payload, withKey('survey-4'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await client.post(STORE, { ...payload, name: 'Someone Else' }, withKey('survey-4'))).statusCode).toBe(422);
  });

  it('survey-storage: a replay after the cancellation took effect answers the stored survey, not 403', async () => {
    const payload = surveyPayload('mia.monthly@example.com');
    const first = await client.post(STORE, payload, withKey('survey-2'));
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    expect((await client.get(`/cancel/api/seo/confirm/?key=${await latestKey(harness)}`, { csrf: true })).statusCode).toBe(200);
    const replay = await client.post(STORE, payload, withKey('survey-2'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // A new survey for the ended subscription is refused as before.
    expect((await client.post(STORE, payload, withKey('survey-3'))).json()).toMatchObject({ error: 'toolkit-not-available' });
  });

  it('refuses the same key for a different request (422) and changes nothing', async () => {
    await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true, ...withKey('down-2') });
    const before = (await harness.counts());
    const other = await client.get('/cancel/api/seo/downgrade/?to=guru', { csrf: true, ...withKey('down-2') });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency-key-reused' });
    expect((await harness.counts())).toEqual(before);
  });

  it("is scoped to the user: the same key from another user does that user's work", async () => {
    await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('shared'));
    const other = await harness.signIn('paid-annual');
    const response = await other.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('shared'));
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect((await harness.counts()).outbox).toBe(2);
  });

  it('keeps only successes: a failed attempt can be retried with its key', async () => {
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    const limited = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('retry'));
    expect(limited.statusCode).toBe(429);
    expect((await harness.counts()).idempotency_records).toBe(0);
    harness.clock.advance(60);
    const retried = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('retry'));
    expect(retried.statusCode).toBe(200);
    expect((await harness.counts()).outbox).toBe(2);
  });

  it('is keyed on the toolkit and call, not the URL: an alias segment replays the same write', async () => {
    const first = await client.post('/cancel/api/traffic/send-confirmation-email/', {}, withKey('alias'));
    harness.clock.advance(5);
    const replay = await client.post('/cancel/api/traffic-and-market/send-confirmation-email/', {}, withKey('alias'));
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await harness.counts())).toMatchObject({ outbox: 1, confirmation_keys: 1, idempotency_records: 1 });
    expect(await harness.rows('SELECT route FROM idempotency_records')).toEqual([{ route: 'traffic-and-market send-confirmation-email' }]);
  });

  it('another toolkit or another call with the same key is another write', async () => {
    // The offer first: once its cancellation is under way, a subscription is no longer offered anything.
    const offer = await client.post('/cancel/api/seo/accept-offer/', {}, withKey('same'));
    await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('same'));
    const social = await client.post('/cancel/api/social/send-confirmation-email/', {}, withKey('same'));
    expect(social.headers['idempotent-replayed']).toBeUndefined();
    expect(offer.json()).toMatchObject({ accepted: true });
    expect((await harness.counts())).toMatchObject({ outbox: 2, accepted_offers: 1, idempotency_records: 3 });
  });

  it('rejects a malformed key', async () => {
    const response = await client.post('/cancel/api/seo/accept-offer/', {}, withKey('x'.repeat(256)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid-idempotency-key', message: expect.stringMatching(/^Idempotency-Key: /) });
    expect((await harness.counts()).accepted_offers).toBe(0);
  });
});
