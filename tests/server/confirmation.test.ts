import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestKey, mailbox, startHarness, type Client, type Harness } from './helpers/harness';

let harness: Harness;
let client: Client;

beforeEach(async () => {
  harness = await startHarness();
  client = await harness.signIn('paid-monthly');
});
afterEach(async () => {
  await harness.stop();
});

const SEND = '/cancel/api/seo/send-confirmation-email/';
const confirm = (c: Client, key: string, segment = 'seo') =>
  c.get(`/cancel/api/${segment}/confirm/?key=${encodeURIComponent(key)}`, { csrf: true });

describe('confirmation keys', () => {
  it('are 256-bit, stored only as their sha256, and expire after 24 hours by default', async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    const rows = await harness.rows<{ key_hash: string; created_at: number; expires_at: number }>(
      'SELECT key_hash, created_at, expires_at FROM confirmation_keys',
    );
    expect(rows).toEqual([
      {
        key_hash: createHash('sha256').update(key).digest('hex'),
        created_at: harness.clock.ms,
        expires_at: harness.clock.ms + 24 * 3600 * 1000,
      },
    ]);
  });

  it('work once: a reused key is refused and changes nothing', async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    expect((await confirm(client, key)).statusCode).toBe(200);
    const usedAt = await harness.rows('SELECT used_at FROM confirmation_keys');
    const again = await confirm(client, key);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: 'key-used', message: 'key: this confirmation link was already used.' });
    expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual(usedAt);
  });

  it('expire: after the TTL the key is refused and the request stays pending', async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    harness.clock.advance(24 * 3600);
    const response = await confirm(client, key);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ error: 'key-expired', message: expect.stringMatching(/^key: .*expired/) });
    expect(await harness.rows('SELECT state FROM cancellation_requests')).toEqual([{ state: 'pending' }]);
    expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual([{ used_at: null }]);
  });

  it('are valid until just before the TTL ends', async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    harness.clock.advance(24 * 3600 - 1);
    expect((await confirm(client, key)).statusCode).toBe(200);
  });

  it('follow CONFIRM_KEY_TTL_SECONDS', async () => {
    const short = await startHarness({ confirmKeyTtlSeconds: 60 });
    try {
      const c = await short.signIn('paid-monthly');
      await c.post(SEND, {});
      const key = await latestKey(short);
      short.clock.advance(60);
      expect((await confirm(c, key)).json()).toMatchObject({ error: 'key-expired' });
    } finally {
      await short.stop();
    }
  });

  it("belong to their user: another user's key is refused without using it", async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    const stranger = await harness.signIn('paid-annual');
    const response = await confirm(stranger, key);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'key-wrong-user', message: expect.stringMatching(/^key: .*another account/) });
    expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual([{ used_at: null }]);
    // The owner can still use it.
    expect((await confirm(client, key)).statusCode).toBe(200);
  });

  it('belong to their toolkit', async () => {
    await client.post(SEND, {});
    const key = await latestKey(harness);
    const response = await confirm(client, key, 'advertising');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'key-wrong-toolkit' });
    expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual([{ used_at: null }]);
  });

  it('an unknown key and a missing key get their own errors', async () => {
    const unknown = await confirm(client, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'key-not-found', message: 'key: this confirmation link is not valid.' });
    const missing = await client.get('/cancel/api/seo/confirm/', { csrf: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'invalid-query', message: 'key: is required' });
  });

  it('an earlier key still works after a resend; a confirmed request takes no new mail', async () => {
    await client.post(SEND, {});
    const first = await latestKey(harness);
    harness.clock.advance(60);
    await client.post(SEND, {});
    const second = await latestKey(harness);
    expect(second).not.toBe(first);
    expect((await confirm(client, first)).statusCode).toBe(200);
    const resend = await client.post(SEND, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ error: 'already-confirmed' });
  });
});

describe('resend rate limit', () => {
  it('a second send within 60 s is 429 with Retry-After, and sends nothing', async () => {
    expect((await client.post(SEND, {})).statusCode).toBe(200);
    harness.clock.advance(15);
    const before = (await harness.counts());
    const limited = await client.post(SEND, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toMatchObject({ error: 'resend-too-soon', message: expect.stringMatching(/45 seconds/) });
    expect((await harness.counts())).toEqual(before);

    harness.clock.advance(44.5);
    expect((await client.post(SEND, {})).headers['retry-after']).toBe('1');
    harness.clock.advance(0.5);
    expect((await client.post(SEND, {})).statusCode).toBe(200);
    expect((await harness.counts()).outbox).toBe(2);
  });

  it('is per toolkit and per user', async () => {
    expect((await client.post(SEND, {})).statusCode).toBe(200);
    expect((await client.post('/cancel/api/social/send-confirmation-email/', {})).statusCode).toBe(200);
    const annual = await harness.signIn('paid-annual');
    expect((await annual.post(SEND, {})).statusCode).toBe(200);
    expect((await harness.counts()).outbox).toBe(3);
  });
});

describe('the confirmation mail', () => {
  it('goes to the user, in text and HTML, with the confirm link', async () => {
    await client.post(`/cancel/api/traffic/send-confirmation-email/`, {});
    const [mail] = await mailbox(harness);
    const key = await latestKey(harness);
    const link = `http://cancel.test/cancel/traffic-and-market/confirm-unsubscribe?key=${key}`;
    expect(mail).toMatchObject({
      to: 'mia.monthly@example.com',
      subject: 'Confirm the cancellation of your Traffic & Market Toolkit subscription',
      links: [link, 'http://cancel.test/kb/support/'],
      sentAt: new Date(harness.clock.ms).toISOString(),
    });
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    // The toolkit name is escaped in HTML.
    expect(mail?.html).toContain('Traffic &amp; Market Toolkit');
    expect(mail?.html).not.toContain('Traffic & Market');
  });
});
