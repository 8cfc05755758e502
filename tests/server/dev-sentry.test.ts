// The development collector of error reports (/dev/sentry), and the page settings the server
// writes for the app: where reports go, and whether the pseudo-locale may be used.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/sessions';
import { pageMeta, sentryDsnFor } from '../../src/server/page-meta';
import { parseEnvelope } from '../../src/server/dev/dev-sentry';
import { startHarness, type Harness } from './helpers/harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

/** An envelope as Sentry's browser transport sends it: header, item header, payload. */
function envelope(eventId: string, label: string): string {
  const event = JSON.stringify({ event_id: eventId, tags: { label }, exception: { values: [{ type: 'ApiError', value: `${label}: status: 500` }] } });
  const span = JSON.stringify({ items: [{ name: 'GET /cancel/api/get-context/' }] });
  return [
    JSON.stringify({ event_id: eventId, sent_at: '2026-01-01T00:00:00Z', dsn: 'http://public@cancel.test/dev/sentry/1' }),
    JSON.stringify({ type: 'event', length: Buffer.byteLength(event) }),
    event,
    JSON.stringify({ type: 'span' }),
    span,
    '',
  ].join('\n');
}

const post = (h: Harness, body: string, cookie?: string) =>
  h.inject({
    method: 'POST',
    url: '/dev/sentry/api/1/envelope/?sentry_version=7&sentry_key=public&sentry_client=sentry.javascript.react%2F11.12.0',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
    payload: body,
  });

describe('POST /dev/sentry/api/:project/envelope/ and GET /dev/sentry/events.json', () => {
  it('keeps each envelope’s items, newest first, and answers as Sentry does', async () => {
    harness = await startHarness();
    const first = await post(harness, envelope('a'.repeat(32), "User data wasn't received"));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: 'a'.repeat(32) });
    await post(harness, envelope('b'.repeat(32), 'Accept offer was failed'));
    const items = (await harness.get('/dev/sentry/events.json')).json() as { type: string; project: string; payload: { tags?: { label: string } } }[];
    expect(items.map((item) => item.type)).toEqual(['span', 'event', 'span', 'event']);
    expect(items.filter((item) => item.type === 'event').map((item) => item.payload.tags?.label)).toEqual(['Accept offer was failed', "User data wasn't received"]);
    expect(items.every((item) => item.project === '1')).toBe(true);
    const events = (await harness.get('/dev/sentry/events.json?type=event')).json() as unknown[];
    expect(events).toHaveLength(2);
  });

  it('gives each browser session its own reports with ?session=current', async () => {
    harness = await startHarness();
    const mia = await harness.signIn('paid-monthly');
    const tara = await harness.signIn('trial');
    await post(harness, envelope('c'.repeat(32), 'Mia'), mia.cookie);
    await post(harness, envelope('d'.repeat(32), 'Tara'), tara.cookie);
    const own = (await mia.get('/dev/sentry/events.json?session=current&type=event')).json() as { payload: { tags: { label: string } } }[];
    expect(own.map((item) => item.payload.tags.label)).toEqual(['Mia']);
    const anonymous = (await harness.get('/dev/sentry/events.json?session=current')).json() as unknown[];
    expect(anonymous).toEqual([]);
  });

  it('takes envelopes larger than the API’s body limit, and forgets on DELETE', async () => {
    harness = await startHarness();
    const big = envelope('e'.repeat(32), 'x'.repeat(200 * 1024));
    expect((await post(harness, big)).statusCode).toBe(200);
    expect((await harness.inject({ method: 'DELETE', url: '/dev/sentry/events' })).statusCode).toBe(204);
    expect((await harness.get('/dev/sentry/events.json')).json()).toEqual([]);
  });

  it('does not exist in production', async () => {
    harness = await startHarness({ production: true });
    expect((await post(harness, envelope('f'.repeat(32), 'x'))).statusCode).toBe(404);
    expect((await harness.get('/dev/sentry/events.json')).statusCode).toBe(404);
  });
});

describe('the pseudo-locale’s catalog chunk', () => {
  it('is served in development and refused in production', async () => {
    const chunk = 'assets/chunks/pseudo-LOCALE-ABCD1234.js';
    harness = await startHarness();
    mkdirSync(join(harness.appDir, 'assets/chunks'), { recursive: true });
    writeFileSync(join(harness.appDir, chunk), 'export const messages = {};\n');
    expect((await harness.get(`/cancel/${chunk}`)).statusCode).toBe(200);

    const production = await startHarness({ production: true, publicUrl: 'https://cancel.example' });
    try {
      mkdirSync(join(production.appDir, 'assets/chunks'), { recursive: true });
      writeFileSync(join(production.appDir, chunk), 'export const messages = {};\n');
      const refused = await production.inject({ method: 'GET', url: `/cancel/${chunk}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'not-found' });
      expect((await production.inject({ method: 'GET', url: '/cancel/assets/index-3F2A9C1B.js' })).statusCode).toBe(200);
    } finally {
      await production.stop();
    }
  });

  it('is refused in production in its later part too (the catalog split of decision 138), compressed or not', async () => {
    const production = await startHarness({ production: true });
    try {
      mkdirSync(join(production.appDir, 'assets/chunks'), { recursive: true });
      for (const name of ['pseudo-LOCALE.later-ONO4MTN5.js', 'pseudo-LOCALE.later-ONO4MTN5.js.br']) {
        writeFileSync(join(production.appDir, 'assets/chunks', name), 'export const messages = {};\n');
        expect((await production.get(`/cancel/assets/chunks/${name}`)).statusCode, name).toBe(404);
      }
    } finally {
      await production.stop();
    }
  });
});

describe('an envelope whose item headers cannot be read', () => {
  for (const [what, body] of [
    ['an item header that is not an object', '{}\nnull\n{}\n'],
    ['a negative length', '{}\n{"type":"event","length":-15}\n{}\n'],
    ['a length past the end', '{}\n{"type":"event","length":99}\n{}\n'],
  ] as const) {
    it(`is refused with 400 and read no further: ${what}`, async () => {
      harness = await startHarness();
      const response = await post(harness, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid-envelope', message: expect.stringMatching(/^item 1: /) });
      expect((await harness.get('/dev/sentry/events.json')).json()).toEqual([]);
    });
  }
});

describe('parseEnvelope', () => {
  it('reads items with and without a length, and non-JSON payloads as text', () => {
    const body = Buffer.from('{"event_id":"x"}\n{"type":"attachment","length":5}\nab\ncd\n{"type":"client_report"}\n{"discarded_events":[]}');
    expect(parseEnvelope(body)).toEqual({
      header: { event_id: 'x' },
      items: [
        { type: 'attachment', payload: 'ab\ncd' },
        { type: 'client_report', payload: { discarded_events: [] } },
      ],
    });
  });
});

describe('the page settings', () => {
  const request = { protocol: 'http' as const, host: '127.0.0.1:8080' };

  it('point the app at the dev collector by default outside production', () => {
    expect(sentryDsnFor({ production: false }, request)).toBe('http://public@127.0.0.1:8080/dev/sentry/1');
    expect(pageMeta({ production: false }, request)).toBe(
      '<meta name="sentry-dsn" content="http://public@127.0.0.1:8080/dev/sentry/1">\n<meta name="i18n-pseudo-locale" content="pseudo-LOCALE">',
    );
  });

  it('use SENTRY_DSN when set, and nothing at all in production without it or with SENTRY_DSN=off', () => {
    expect(sentryDsnFor({ production: true, sentryDsn: 'https://k@o1.ingest.example/7' }, request)).toBe('https://k@o1.ingest.example/7');
    expect(pageMeta({ production: true }, request)).toBe('');
    expect(pageMeta({ production: false, sentryDsn: 'off' }, request)).toBe('<meta name="i18n-pseudo-locale" content="pseudo-LOCALE">');
  });

  it('are written into the served page', async () => {
    harness = await startHarness();
    const page = await harness.get('/cancel/seo');
    expect(page.body).toMatch(/<meta name="sentry-dsn" content="http:\/\/public@[^"]+\/dev\/sentry\/1">\n<meta name="i18n-pseudo-locale" content="pseudo-LOCALE">\n<\/head>/);

    const production = await startHarness({ production: true, sentryDsn: 'https://k@o1.ingest.example/7', publicUrl: 'https://cancel.example' });
    try {
      const served = await production.inject({ method: 'GET', url: '/cancel/seo' });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('<meta name="sentry-dsn" content="https://k@o1.ingest.example/7">');
      expect(served.body).not.toContain('i18n-pseudo-locale');
    } finally {
      await production.stop();
    }
  });
});
