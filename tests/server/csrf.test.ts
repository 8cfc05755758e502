import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { surveyPayload } from './helpers/fixtures';
import { latestKey, startHarness, type Client, type Harness } from './helpers/harness';

let harness: Harness;
let client: Client;
let other: Client;
let key: string;

beforeEach(async () => {
  harness = await startHarness();
  client = await harness.signIn('paid-monthly');
  other = await harness.signIn('paid-annual');
  // A pending confirmation so the confirm call has a real key to (not) use; not of seo, whose offers
  // the matrix accepts (an offer on a subscription being cancelled is refused).
  await client.post('/cancel/api/content/send-confirmation-email/', {});
  key = await latestKey(harness);
});
afterEach(async () => {
  await harness.stop();
});

type Attempt = (c: Client, csrf: boolean | string, headers?: Record<string, string>) => ReturnType<Client['get']>;

/** Every call that changes state: the POSTs and the two state-changing GETs. */
const WRITES: Record<string, Attempt> = {
  'send-confirmation-email': (c, csrf, headers) =>
    c.post('/cancel/api/social/send-confirmation-email/', {}, { csrf, headers }),
  'accept-offer': (c, csrf, headers) => c.post('/cancel/api/seo/accept-offer/', {}, { csrf, headers }),
  'survey-storage': (c, csrf, headers) =>
    c.post('/cancel/api/survey-storage/survey-monitoring/', surveyPayload('mia.monthly@example.com'), { csrf, headers }),
  confirm: (c, csrf, headers) => c.get(`/cancel/api/content/confirm/?key=${key}`, { csrf, headers }),
  downgrade: (c, csrf, headers) => c.get('/cancel/api/seo/downgrade/?to=pro', { csrf, headers }),
};

describe('a GET that changes state', () => {
  for (const url of ['/cancel/api/seo/downgrade/?to=pro', '/cancel/api/content/confirm/?key=KEY']) {
    it(`is refused as HEAD with 405 and Allow: GET, changing nothing: ${url.split('?')[0] ?? ''}`, async () => {
      const before = await harness.counts();
      const headers = { cookie: `cancel_session=${client.cookie}`, 'x-csrftoken': client.csrfToken };
      const response = await harness.inject({ method: 'HEAD', url: url.replace('KEY', key), headers });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET');
      expect(await harness.counts()).toEqual(before);
      expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toMatchObject({ result: true });
    });
  }

  it('is answered to HEAD like any GET where it changes nothing: eligible-for-offer', async () => {
    const headers = { cookie: `cancel_session=${client.cookie}` };
    expect((await harness.inject({ method: 'HEAD', url: '/cancel/api/seo/eligible-for-offer/', headers })).statusCode).toBe(200);
  });
});

describe('CSRF and cross-site matrix: 403 and nothing stored', () => {
  const cases: { name: string; code: string; run: (attempt: Attempt) => ReturnType<Attempt> }[] = [
    { name: 'no token', code: 'csrf-token-missing', run: (attempt) => attempt(client, false) },
    { name: 'wrong token', code: 'csrf-token-invalid', run: (attempt) => attempt(client, 'x'.repeat(43)) },
    { name: "another session's token", code: 'csrf-token-invalid', run: (attempt) => attempt(client, other.csrfToken) },
    {
      name: 'Sec-Fetch-Site: cross-site',
      code: 'cross-site-request',
      run: (attempt) => attempt(client, true, { 'sec-fetch-site': 'cross-site' }),
    },
    {
      name: 'foreign Origin',
      code: 'cross-site-request',
      run: (attempt) => attempt(client, true, { origin: 'https://evil.example' }),
    },
    { name: 'Origin: null', code: 'cross-site-request', run: (attempt) => attempt(client, true, { origin: 'null' }) },
  ];

  for (const [call, attempt] of Object.entries(WRITES)) {
    for (const { name, code, run } of cases) {
      it(`${call} with ${name}`, async () => {
        const before = (await harness.counts());
        const response = await run(attempt);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: code });
        expect((await harness.counts())).toEqual(before);
        expect(await harness.rows('SELECT state FROM cancellation_requests')).toEqual([{ state: 'pending' }]);
        expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual([{ used_at: null }]);
      });
    }
  }

  it('a token of another session of the same persona is refused too', async () => {
    const second = await harness.signIn('paid-monthly');
    expect(second.csrfToken).not.toBe(client.csrfToken);
    const response = await client.post('/cancel/api/seo/accept-offer/', {}, { csrf: second.csrfToken });
    expect(response.statusCode).toBe(403);
    expect((await harness.counts()).accepted_offers).toBe(0);
  });
});

describe('same-origin requests pass', () => {
  it('with our Origin and Sec-Fetch-Site: same-origin', async () => {
    const response = await WRITES['accept-offer']!(client, true, {
      origin: 'http://cancel.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect((await harness.counts()).accepted_offers).toBe(1);
  });

  it('with an Origin equal to the Host the request was sent to', async () => {
    const response = await client.post('/cancel/api/seo/accept-offer/', {}, {
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('reads need no token', async () => {
    expect((await client.get('/cancel/api/seo/is-confirmed/', { csrf: false })).statusCode).toBe(200);
    expect((await client.get('/cancel/api/get-context/', { csrf: false })).statusCode).toBe(200);
  });

  it('reads from another site are refused as well', async () => {
    const response = await client.get('/cancel/api/get-context/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('without a session', () => {
  const CALLS: [string, string][] = [
    ['GET', '/cancel/api/get-context/'],
    ['GET', '/cancel/api/get-csrf-token/'],
    ['POST', '/cancel/api/seo/send-confirmation-email/'],
    ['GET', '/cancel/api/seo/is-confirmed/'],
    ['GET', '/cancel/api/seo/confirm/?key=abc'],
    ['GET', '/cancel/api/seo/eligible-for-offer/'],
    ['POST', '/cancel/api/seo/accept-offer/'],
    ['GET', '/cancel/api/seo/downgrade/?to=pro'],
    ['POST', '/cancel/api/survey-storage/survey-monitoring/'],
  ];

  for (const [method, url] of CALLS) {
    it(`${method} ${url} → 401 JSON`, async () => {
      const before = (await harness.counts());
      const response = await harness.inject({
        method: method === 'GET' ? 'GET' : 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-csrftoken': client.csrfToken },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'not-signed-in', message: expect.stringMatching(/not signed in/) });
      expect((await harness.counts())).toEqual(before);
    });
  }

  it('a forged (unsigned) session cookie counts as no session', async () => {
    const response = await harness.inject({
      method: 'GET',
      url: '/cancel/api/get-context/',
      headers: { cookie: `cancel_session=${client.cookie.split('.')[0] ?? ''}.forged` },
    });
    expect(response.statusCode).toBe(401);
  });
});
