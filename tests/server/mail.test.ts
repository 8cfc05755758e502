import type { SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/server/links';
import type { MailTransport } from '../../src/server/mail';
import { mailbox, startHarness, type Harness } from './helpers/harness';

/** A transport that records what it was given, optionally failing or answering late. */
class RecordingTransport implements MailTransport {
  sent: SendMailOptions[] = [];
  constructor(private readonly behaviour: { fail?: boolean; delayMs?: number } = {}) {}
  async sendMail(options: SendMailOptions): Promise<unknown> {
    if (this.behaviour.delayMs !== undefined) await new Promise((r) => setTimeout(r, this.behaviour.delayMs));
    if (this.behaviour.fail === true) throw new Error('550 mailbox unavailable');
    this.sent.push(options);
    return { messageId: `<${this.sent.length}@test>` };
  }
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

async function deliveries(h: Harness): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 20));
  return h.rows<{ delivery: string }>('SELECT delivery FROM outbox ORDER BY id').map((r) => r.delivery);
}

describe('mail through SMTP', () => {
  it('is delivered and still recorded in the outbox', async () => {
    const transport = new RecordingTransport();
    harness = await startHarness({ mailTransport: transport });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['smtp-sent']);
    expect(transport.sent).toHaveLength(1);
    const [mail] = await mailbox(harness);
    expect(transport.sent[0]).toMatchObject({ to: mail?.to, subject: mail?.subject, text: mail?.text, html: mail?.html });
    expect(transport.sent[0]?.from).toBe('Marketlane <no-reply@marketlane.example>');
  });

  it('a failed delivery is recorded and does not fail the request', async () => {
    harness = await startHarness({ mailTransport: new RecordingTransport({ fail: true }) });
    const client = await harness.signIn('paid-monthly');
    const response = await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(response.statusCode).toBe(200);
    expect(await deliveries(harness)).toEqual(['smtp-failed']);
    expect(harness.rows('SELECT delivery_error FROM outbox')).toEqual([{ delivery_error: '550 mailbox unavailable' }]);
  });

  it('closing waits for deliveries in flight before the database closes', async () => {
    const transport = new RecordingTransport({ delayMs: 100 });
    harness = await startHarness({ mailTransport: transport });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    await harness.app.close();
    expect(transport.sent).toHaveLength(1);
    expect(harness.rows('SELECT delivery FROM outbox')).toEqual([{ delivery: 'smtp-sent' }]);
    await harness.start();
  });

  it('without a transport, mail stays in the outbox', async () => {
    harness = await startHarness();
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['outbox']);
  });
});

describe('extractLinks', () => {
  it('finds absolute and root-relative links once, in order, and skips mailto', () => {
    const html = '<a href="https://a.example/x?k=1&amp;b=2">x</a> <a href=\'/kb/\'>kb</a> <a href="mailto:s@e.x">m</a>';
    const text = 'See https://a.example/x?k=1&b=2 and http://b.example/y.';
    expect(extractLinks(text, html)).toEqual(['https://a.example/x?k=1&b=2', '/kb/', 'http://b.example/y.']);
  });
});
