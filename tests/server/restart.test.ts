import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/migrations';
import { testBundle } from './helpers/bundle';
import { surveyPayload } from './helpers/fixtures';
import { latestKey, mailbox, startHarness, type Harness } from './helpers/harness';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const STORE = '/cancel/api/survey-storage/survey-monitoring/';
const PROVIDER = testBundle().provider.segment;
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('a restart on the same database file', () => {
  it('keeps submissions, sessions, CSRF tokens, mail, pending and confirmed cancellations, retention actions and idempotency records', async () => {
    const client = await harness.signIn('paid-monthly', 'ja');
    // Written with Idempotency-Keys, so each can be replayed after the restart.
    const stored = await client.post(STORE, surveyPayload('mia.monthly@example.com'), withKey('store-1'));
    expect(stored.json()).toEqual({ stored: true, id: 1 });
    const offer = await client.post('/cancel/api/seo/accept-offer/', {}, withKey('offer-1'));
    expect(offer.json()).toEqual({ accepted: true, offer: 'discount-offer', toolkit: 'seo' });
    const downgrade = await client.get(`/cancel/api/${PROVIDER}/downgrade/?to=pro`, { csrf: true, ...withKey('down-1') });
    expect(downgrade.json()).toEqual({ downgraded: true, toolkit: 'all-at-once', plan: 'pro' });
    // A cancellation confirmed before the restart (social), one still pending (seo).
    await client.post('/cancel/api/social/send-confirmation-email/', {});
    expect((await client.get(`/cancel/api/social/confirm/?key=${await latestKey(harness)}`, { csrf: true })).statusCode).toBe(200);
    const sent = await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('send-1'));
    expect(sent.json()).toEqual({ sent: true });
    const key = await latestKey(harness);
    const mailBefore = await mailbox(harness);
    const countsBefore = (await harness.counts());
    expect(countsBefore).toMatchObject({ accepted_offers: 1, downgrades: 1, idempotency_records: 4, outbox: 2 });

    await harness.restart();

    // The same cookie is still a session (the signing secret was persisted), with its language and token.
    expect((await client.get('/cancel/api/get-context/')).json()).toMatchObject({ user: { user_id: 1001 } });
    expect((await client.get('/cancel/api/get-csrf-token/')).json()).toEqual({ csrf_token: client.csrfToken });
    expect((await client.get('/cancel/seo')).body).toContain('<html lang="ja"');
    expect(await mailbox(harness)).toEqual(mailBefore);
    expect((await harness.counts()).survey_submissions).toBe(1);

    // Every replayed key answers as the first time and does nothing again.
    const replays = [
      [await client.post(STORE, surveyPayload('mia.monthly@example.com'), withKey('store-1')), stored],
      [await client.post('/cancel/api/seo/accept-offer/', {}, withKey('offer-1')), offer],
      [await client.get(`/cancel/api/${PROVIDER}/downgrade/?to=pro`, { csrf: true, ...withKey('down-1') }), downgrade],
      [await client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('send-1')), sent],
    ] as const;
    for (const [replay, first] of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    }
    expect((await harness.counts())).toEqual(countsBefore);

    // The accepted offer and the downgrade still stand: no second retention action on either toolkit.
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toEqual({ result: false, downgrade_plans: [] });
    expect((await client.get(`/cancel/api/${PROVIDER}/eligible-for-offer/`)).json()).toEqual({ result: false, downgrade_plans: [] });
    expect((await client.post('/cancel/api/seo/accept-offer/', {})).json()).toMatchObject({ error: 'offer-already-accepted' });
    const again = await client.get(`/cancel/api/${PROVIDER}/downgrade/?to=guru`, { csrf: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already-downgraded', message: expect.stringMatching(/to pro\.$/) });

    // The confirmed cancellation stays confirmed and takes no new mail.
    expect((await client.get('/cancel/api/social/is-confirmed/')).json()).toEqual({ confirmed: true, state: 'confirmed' });
    expect((await client.post('/cancel/api/social/send-confirmation-email/', {})).json()).toMatchObject({ error: 'already-confirmed' });

    // The next submission continues the numbering, the key mailed before the restart still confirms.
    const next = await client.post(STORE, surveyPayload('mia.monthly@example.com', { toolkit: 'content' }));
    expect(next.json()).toEqual({ stored: true, id: 2 });
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: false, state: 'pending' });
    const confirmed = await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true });
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('the database', () => {
  it('is created at the latest schema version', async () => {
    expect(await harness.schemaVersion()).toBe(MIGRATIONS.length);
  });

  it('refuses a database from a newer schema instead of guessing', async () => {
    await harness.app.close();
    await harness.setSchemaVersion(MIGRATIONS.length + 1);
    await expect(harness.start()).rejects.toThrow(/newer than this server knows/);
    // Let afterEach close a working server.
    await harness.setSchemaVersion(MIGRATIONS.length);
    await harness.start();
  });
});
