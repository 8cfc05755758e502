// Findings of a security review: a deeply nested body, answers given before any route, and links in
// mail. Each is refused or written the way every other answer and mail is.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../src/server/json-body';
import { REQUEST_TIMEOUT_MS } from '../../src/server/server';
import { SESSION_COOKIE } from '../../src/server/sessions';
import { latestKey, startHarness, mailbox, type Client, type Harness } from './helpers/harness';
import { loggedUrl } from '../../src/server/request-log';

/** Sends `raw` bytes to the server and reads its whole answer (the server closes the connection). */
function rawRequest(origin: string, raw: string, waitMs = 5000): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(waitMs, () => socket.destroy(new Error(`no answer within ${waitMs} ms`)));
  });
}

const headerOf = (answer: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(answer.split('\r\n\r\n')[0] ?? '')?.[1]?.trim();

let harness: Harness;
let client: Client;

beforeAll(async () => {
  harness = await startHarness({ publicUrl: 'https://cancel.example.com' });
  client = await harness.signIn('paid-monthly');
});
afterAll(async () => {
  await harness.stop();
});

describe('a deeply nested body', () => {
  it('is refused with 400 before anything hashes it, also with an Idempotency-Key', async () => {
    const deep = `{"name":${'['.repeat(15_000)}${']'.repeat(15_000)}}`;
    const response = await client.post('/cancel/api/survey-storage/survey-monitoring/', deep, { headers: { 'idempotency-key': 'deep-body-1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'too-deep', message: `body: nests more than ${MAX_BODY_DEPTH} levels deep.` });
    expect((await harness.counts()).survey_submissions).toBe(0);
  });

  it('is told apart from a real payload by depth alone', () => {
    expect(nestsDeeperThan({ survey: { first_question: { answers: ['x'] } }, path: [{ step: 'a', answers: ['b'] }] }, 4)).toBe(false);
    let nested: unknown = 'leaf';
    for (let level = 0; level < MAX_BODY_DEPTH + 1; level++) nested = [nested];
    expect(nestsDeeperThan(nested, MAX_BODY_DEPTH)).toBe(true);
  });
});

describe('a request that trickles in', () => {
  it('is answered 408 and dropped once its time is up, and the server answers the next one', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    const slow = await startHarness({ requestTimeoutMs: 1000 });
    try {
      const customer = await slow.signIn('paid-monthly');
      const started = Date.now();
      // Ten bytes of a hundred, and then nothing: without a limit the connection stays open for ever.
      const head = [
        'POST /cancel/api/survey-storage/survey-monitoring/ HTTP/1.1',
        'Host: 127.0.0.1',
        `Cookie: ${SESSION_COOKIE}=${customer.cookie}`,
        `X-CSRFToken: ${customer.csrfToken}`,
        'Content-Type: application/json',
        'Content-Length: 100',
      ].join('\r\n');
      const answer = await rawRequest(slow.origin, `${head}\r\n\r\n{"name": "`, 8000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: 'request-timeout', message: 'request: the request took too long to arrive.' }));
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await customer.get('/cancel/api/get-csrf-token/')).statusCode).toBe(200);
      expect((await slow.counts()).survey_submissions).toBe(0);
    } finally {
      await slow.stop();
    }
  });
});

describe('answers given before any route', () => {
  it('a part of the address longer than any route takes: 404 not-found that echoes nothing, not a 400 "could not read"', async () => {
    const client = await harness.signIn('paid-monthly');
    const response = await client.post(`/cancel/api/${'x'.repeat(101)}<b>/accept-offer/`, {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not-found', message: 'url: a part of the address is longer than 100 characters; there is no such page or call.' });
  });

  it('a URL that cannot be decoded: a JSON error that echoes nothing, with the security headers', async () => {
    const response = await harness.get('/cancel/%zz%3Cscript%3Ealert(1)%3C/script%3E');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad-url', message: expect.stringMatching(/^url: /) as string });
    expect(response.body).not.toMatch(/script|zz/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('headers too large: 431 with a JSON error and the security headers', async () => {
    const answer = await rawRequest(harness.origin, `GET /cancel HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(headerOf(answer, 'content-security-policy')).toContain("default-src 'self'");
    expect(headerOf(answer, 'x-frame-options')).toBe('DENY');
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({ error: 'headers-too-large', message: expect.any(String) as string });
  });

  it('a broken request line: 400 with a JSON error that echoes nothing, and the security headers', async () => {
    const answer = await rawRequest(harness.origin, 'GET /cancel/<script> HTTP/9.9 x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(headerOf(answer, 'x-content-type-options')).toBe('nosniff');
    const body = answer.split('\r\n\r\n')[1] ?? '';
    expect(JSON.parse(body)).toEqual({ error: 'bad-request', message: 'request: the request is not valid HTTP.' });
    expect(body).not.toContain('script');
  });
});

describe('links in mail', () => {
  it('are all absolute, from PUBLIC_URL', async () => {
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    const [mail] = await mailbox(harness);
    expect(mail?.links.length).toBeGreaterThan(1);
    for (const link of mail?.links ?? []) expect(link).toMatch(/^https:\/\/cancel\.example\.com\//);
    expect(mail?.text).toContain('<https://cancel.example.com/kb/support/>');
    expect(mail?.html).toContain('href="https://cancel.example.com/kb/support/"');
  });
});

describe('the log of a request', () => {
  it('names the query’s parameters but none of their values: no confirmation or undo key reaches it, at debug level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
        done();
      },
    });
    const logged = await startHarness({ logger: { level: 'debug', stream } });
    try {
      const customer = await logged.signIn('paid-monthly');
      expect((await customer.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
      const key = await latestKey(logged);
      const page = `/cancel/seo/confirm-unsubscribe?key=${key}`;
      expect((await logged.get(page, customer.cookie)).statusCode).toBe(200);
      expect((await logged.get(`/cancel/seo/confirm-unsubscribe?undo=${key}`, customer.cookie)).statusCode).toBe(200);
      expect((await logged.get(`/dev/?next=${encodeURIComponent(page)}`)).statusCode).toBe(200);
      expect((await customer.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true })).statusCode).toBe(200);

      const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter((url) => url !== undefined);
      expect(urls).toContain('/cancel/seo/confirm-unsubscribe?key=REDACTED');
      expect(urls).toContain('/cancel/seo/confirm-unsubscribe?undo=REDACTED');
      expect(urls).toContain('/dev/?next=REDACTED');
      expect(urls).toContain('/cancel/api/seo/confirm/?key=REDACTED');
      expect(lines.filter((line) => line.includes(key))).toEqual([]);
    } finally {
      await logged.stop();
    }
  });

  it('keeps a URL without a query as it is', () => {
    expect(loggedUrl('/cancel/api/get-context/')).toBe('/cancel/api/get-context/');
    expect(loggedUrl('/cancel/seo?')).toBe('/cancel/seo');
    expect(loggedUrl('/cancel/api/seo/downgrade/?to=pro&x')).toBe('/cancel/api/seo/downgrade/?to=REDACTED&x=REDACTED');
  });
});
