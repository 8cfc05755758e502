// The real SMTP transport (nodemailer over SMTP_URL), against a listener on a loopback port: the
// confirmation email arrives, and the outbox then keeps no usable key.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SWEEP_MS } from '../../src/server/mail';
import { REDACTED } from '../../src/server/mail-redaction';
import { startHarness, type Harness } from './helpers/harness';
import { parseMessage, startSmtpListener, type SmtpListener } from './helpers/smtp-listener';

let harness: Harness | undefined;
let listener: SmtpListener | undefined;
afterEach(async () => {
  await harness?.stop();
  await listener?.close();
  harness = undefined;
  listener = undefined;
});

interface OutboxRow {
  text: string;
  html: string;
  links: string;
  delivery: string;
  delivery_error: string | null;
}

/** The outbox row once SMTP delivery has settled (it runs after the response). */
async function settledRow(h: Harness): Promise<OutboxRow> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const [row] = await h.rows<OutboxRow>('SELECT text, html, links, delivery, delivery_error FROM outbox');
    if (row !== undefined && row.delivery !== 'smtp-pending') return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the SMTP delivery did not settle within 5 s');
}

describe('SMTP_URL', () => {
  it('delivers the confirmation email through SMTP; the stored copy is then redacted', async () => {
    listener = await startSmtpListener();
    harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${listener.port}` });
    const client = await harness.signIn('paid-monthly');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);

    const message = await listener.nextMessage();
    expect(message.from).toBe('no-reply@marketlane.example');
    expect(message.to).toEqual(['mia.monthly@example.com']);
    const { headers, parts } = parseMessage(message.data);
    expect(headers.get('to')).toBe('mia.monthly@example.com');
    expect(headers.get('subject')).toBe('Confirm the cancellation of your SEO Toolkit subscription');
    const text = parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
    const html = parts.find((part) => part.contentType === 'text/html')?.body ?? '';
    const link = /http:\/\/cancel\.test\/cancel\/seo\/confirm-unsubscribe\?key=([A-Za-z0-9_-]{43})/.exec(text);
    const key = link?.[1] ?? 'missing';
    expect(link).not.toBeNull();
    expect(html).toContain(`href="${link?.[0] ?? 'missing'}"`);

    const row = await settledRow(harness);
    expect(row.delivery).toBe('smtp-sent');
    for (const column of [row.text, row.html, row.links]) {
      expect(column).not.toContain(key);
      expect(column).toContain(`confirm-unsubscribe?key=${REDACTED}`);
    }
    // The key that arrived by mail is the one that confirms.
    expect((await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true })).statusCode).toBe(200);
    expect(listener.received).toHaveLength(1);
  });

  it('a delivery refused for now (421) stays pending and goes out at a later try, with Reply-To and Auto-Submitted', async () => {
    listener = await startSmtpListener({ busy: true });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${listener.port}` });
      const h = harness;
      const client = await h.signIn('paid-monthly');
      expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await h.rows<OutboxRow>('SELECT delivery_error FROM outbox'))[0]?.delivery_error).toMatch(/421 4\.7\.0/), { timeout: 5000 });
      expect((await h.rows<OutboxRow>('SELECT delivery FROM outbox'))[0]?.delivery).toBe('smtp-pending');
      listener.busy = false;
      h.clock.advance(61);
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      const message = await listener.nextMessage();
      const { headers } = parseMessage(message.data);
      expect(headers.get('reply-to')).toBe('support@marketlane.example');
      expect(headers.get('auto-submitted')).toBe('auto-generated');
      expect(headers.get('from')).toBe('Marketlane <no-reply@marketlane.example>');
      expect((await settledRow(h)).delivery).toBe('smtp-sent');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server that cannot be reached leaves the mail pending for a later try, not failed', async () => {
    const closed = await startSmtpListener();
    const port = closed.port;
    await closed.close();
    harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const h = harness;
    const client = await h.signIn('paid-monthly');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await h.rows<{ attempts: number }>('SELECT attempts FROM outbox'))[0]?.attempts).toBe(1), { timeout: 5000 });
    expect(await h.rows('SELECT delivery FROM outbox')).toEqual([{ delivery: 'smtp-pending' }]);
  });

  it('a refused delivery is recorded with the SMTP answer, and the outbox keeps the link', async () => {
    listener = await startSmtpListener({ rejectRecipients: true });
    harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${listener.port}` });
    const client = await harness.signIn('paid-monthly');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);

    const row = await settledRow(harness);
    expect(row.delivery).toBe('smtp-failed');
    expect(row.delivery_error).toMatch(/550/);
    expect(row.text).toMatch(/confirm-unsubscribe\?key=[A-Za-z0-9_-]{43}/);
    expect(listener.received).toHaveLength(0);
  });
});
