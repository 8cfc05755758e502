// Two server processes on one database, as behind a load balancer: whatever one does, the other
// sees, and a write that both get at once happens once. (Two servers in this test process, each
// with its own connection or pool, stand for the two processes.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECT } from './helpers/databases';
import { Client, latestKey, startHarness, type Harness } from './helpers/harness';

let first: Harness;
let second: Harness;

beforeEach(async () => {
  first = await startHarness();
  second = await startHarness({ sharedDatabase: first.database });
});
afterEach(async () => {
  await second.stop();
  await first.stop();
});

/** The same browser (cookie and CSRF token) talking to the other process. */
const on = (harness: Harness, client: Client): Client => new Client(harness, client.cookie, client.csrfToken);
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe(`two server processes on one ${DIALECT} database`, () => {
  it('share sessions: signed in on one, the same cookie and CSRF token work on the other', async () => {
    const client = await first.signIn('paid-monthly', 'de');
    const elsewhere = on(second, client);
    expect((await elsewhere.get('/cancel/api/get-context/')).json()).toMatchObject({ user: { user_id: 1001 } });
    expect((await elsewhere.get('/cancel/api/get-csrf-token/')).json()).toEqual({ csrf_token: client.csrfToken });
    expect((await elsewhere.get('/cancel/seo')).body).toContain('<html lang="de"');
  });

  it('share the confirmation: a key mailed by one confirms on the other, once', async () => {
    const client = await first.signIn('paid-monthly');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    const key = await latestKey(second);
    const confirmed = await on(second, client).get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: true, state: 'confirmed' });
    expect((await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true })).statusCode).toBe(410);
  });

  it('run a write both get at once with the same Idempotency-Key once', async () => {
    const client = await first.signIn('paid-monthly');
    const answers = await Promise.all([
      client.post('/cancel/api/seo/send-confirmation-email/', {}, withKey('both-1')),
      on(second, client).post('/cancel/api/seo/send-confirmation-email/', {}, withKey('both-1')),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await first.counts()).toMatchObject({ outbox: 1, confirmation_keys: 1, idempotency_records: 1 });
  });

  it('keep one resend window: two sends at once mail once, the other is told to wait', async () => {
    const client = await first.signIn('paid-monthly');
    const answers = await Promise.all([
      client.post('/cancel/api/seo/send-confirmation-email/', {}),
      on(second, client).post('/cancel/api/seo/send-confirmation-email/', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    expect(await first.counts()).toMatchObject({ outbox: 1, confirmation_keys: 1, cancellation_requests: 1 });
  });

  it('accept one offer: two acceptances at once store one, the other is refused', async () => {
    const client = await first.signIn('paid-monthly');
    const answers = await Promise.all([
      client.post('/cancel/api/seo/accept-offer/', {}),
      on(second, client).post('/cancel/api/seo/accept-offer/', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await first.counts()).accepted_offers).toBe(1);
  });
});
