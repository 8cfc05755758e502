import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractLinks } from '../../src/server/links';
import { PENDING_SWEEP_MS, createMailer, senderOf, type MailTransport } from '../../src/server/mail';
import { StoreUnavailableError } from '../../src/server/store/sql/database';
import { openStore } from '../../src/server/store/store';
import { REDACTED, redactedContent } from '../../src/server/mail-redaction';
import { isTransientSmtpError, nextAttemptAt, RETRY_FOR_MS } from '../../src/server/mail-retry';
import { createTestDatabase } from './helpers/databases';
import { latestKey, mailbox, startHarness, type Harness, type HarnessOptions } from './helpers/harness';

/** A transport that records what it was given, optionally failing or answering late. */
class RecordingTransport implements MailTransport {
  sent: SendMailOptions[] = [];
  /** What each try was given, delivered or not. */
  tried: SendMailOptions[] = [];
  tries = 0;
  constructor(readonly behaviour: { fail?: boolean; delayMs?: number; refuse?: Error } = {}) {}
  async sendMail(options: SendMailOptions): Promise<unknown> {
    this.tries += 1;
    this.tried.push(options);
    if (this.behaviour.delayMs !== undefined) await new Promise((r) => setTimeout(r, this.behaviour.delayMs));
    if (this.behaviour.refuse !== undefined) throw this.behaviour.refuse;
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

/** Each mail's delivery once none is waiting for SMTP any more (at most 5 s: a slow database takes longer than a fast one). */
async function deliveries(h: Harness): Promise<string[]> {
  const read = async () => (await h.rows<{ delivery: string }>('SELECT delivery FROM outbox ORDER BY id')).map((r) => r.delivery);
  const deadline = Date.now() + 5000;
  let states = await read();
  while (states.includes('smtp-pending') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    states = await read();
  }
  return states;
}

/**
 * A server whose confirmation email failed, stopped, with the mail left pending as a process that
 * died leaves it (claimed `now`, or never claimed with null); SMTP then delivers.
 */
async function stoppedWithPendingMail(claimed: 'now' | null): Promise<{ transport: RecordingTransport; h: Harness }> {
  const transport = new RecordingTransport({ fail: true });
  const h = await startHarness({ mailTransport: transport });
  harness = h;
  const client = await h.signIn('paid-monthly');
  await client.post('/cancel/api/seo/send-confirmation-email/', {});
  await deliveries(h);
  await h.app.close();
  await h.exec("UPDATE outbox SET delivery = 'smtp-pending', delivery_error = NULL, claimed_at = ?", claimed === 'now' ? h.clock.ms : null);
  transport.behaviour.fail = false;
  return { transport, h };
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
    // The stored copy is the delivered mail, its key replaced (see below).
    const key = keyIn(transport.sent[0]?.text);
    const delivered = (text: string | undefined) => text?.replaceAll(REDACTED, key);
    expect(transport.sent[0]).toMatchObject({ to: mail?.to, subject: mail?.subject, text: delivered(mail?.text), html: delivered(mail?.html) });
    expect(transport.sent[0]?.from).toBe('Marketlane <no-reply@marketlane.example>');
  });

  it('a failed delivery is recorded and does not fail the request', async () => {
    harness = await startHarness({ mailTransport: new RecordingTransport({ fail: true }) });
    const client = await harness.signIn('paid-monthly');
    const response = await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(response.statusCode).toBe(200);
    expect(await deliveries(harness)).toEqual(['smtp-failed']);
    expect(await harness.rows('SELECT delivery_error FROM outbox')).toEqual([{ delivery_error: '550 mailbox unavailable' }]);
  });

  it('closing waits for deliveries in flight before the database closes', async () => {
    const transport = new RecordingTransport({ delayMs: 100 });
    harness = await startHarness({ mailTransport: transport });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    await harness.app.close();
    expect(transport.sent).toHaveLength(1);
    expect(await harness.rows('SELECT delivery FROM outbox')).toEqual([{ delivery: 'smtp-sent' }]);
    await harness.start();
  });

  it('without a transport, mail stays in the outbox', async () => {
    harness = await startHarness();
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['outbox']);
  });
});

interface OutboxRow {
  text: string;
  html: string;
  links: string;
  secrets: string;
  delivery: string;
}

const outbox = (h: Harness) => h.rows<OutboxRow>('SELECT text, html, links, secrets, delivery FROM outbox ORDER BY id');

/** The confirmation key in a mail's text (the key is base64url). */
function keyIn(text: unknown): string {
  const key = typeof text === 'string' ? /confirm-unsubscribe\?key=([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined;
  if (key === undefined) throw new Error('no confirmation key in the mail');
  return key;
}

describe('the confirmation key in the outbox', () => {
  it('is removed from the stored copy once SMTP has delivered the mail; the delivered key still confirms', async () => {
    const transport = new RecordingTransport();
    harness = await startHarness({ mailTransport: transport });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['smtp-sent']);
    const key = keyIn(transport.sent[0]?.text);
    expect(transport.sent[0]?.html).toContain(`key=${key}`);

    const [row] = await outbox(harness);
    for (const column of [row?.text, row?.html, row?.links, row?.secrets]) expect(column).not.toContain(key);
    expect(row?.text).toContain(`confirm-unsubscribe?key=${REDACTED}`);
    expect(row?.html).toContain(`confirm-unsubscribe?key=${REDACTED}"`);
    expect(JSON.parse(row?.links ?? '[]')).toEqual([`http://cancel.test/cancel/seo/confirm-unsubscribe?key=${REDACTED}`, 'http://cancel.test/kb/support/']);
    expect(row?.secrets).toBe('[]');
    expect((await mailbox(harness))[0]?.links[0]).toMatch(new RegExp(`key=${REDACTED}$`));

    const confirmed = await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true });
    expect(confirmed.statusCode).toBe(200);
  });

  it('stays while the outbox is the only copy: without SMTP, and when SMTP failed', async () => {
    harness = await startHarness({ mailTransport: new RecordingTransport({ fail: true }) });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['smtp-failed']);
    const key = await latestKey(harness);
    expect((await outbox(harness))[0]?.text).toContain(`key=${key}`);
    expect((await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true })).statusCode).toBe(200);

    const local = await startHarness();
    try {
      const other = await local.signIn('paid-monthly');
      await other.post('/cancel/api/seo/send-confirmation-email/', {});
      const [row] = await outbox(local);
      expect(row?.delivery).toBe('outbox');
      expect(row?.text).toContain(`key=${await latestKey(local)}`);
      expect(row?.text).not.toContain(REDACTED);
    } finally {
      await local.stop();
    }
  });

  it('is removed from a mail that was still waiting for SMTP when the server stopped, once it is delivered after the restart', async () => {
    // As if the process had died between the commit and the delivery.
    const { transport, h } = await stoppedWithPendingMail(null);
    await h.start();
    expect(await deliveries(h)).toEqual(['smtp-sent']);
    const key = keyIn(transport.sent[0]?.text);
    expect((await outbox(h))[0]?.text).not.toContain(key);
    expect((await outbox(h))[0]?.text).toContain(REDACTED);
  });
});

describe('a mail whose delivery did not end', () => {
  it('is sent once its claim is stale, when the process that claimed it died and this one started within the claim', async () => {
    // As the process left it, dying while SMTP answered: claimed a moment ago, still pending.
    const { transport, h } = await stoppedWithPendingMail('now');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await h.start();
      // The start's look at the pending mail finds it claimed, and leaves it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await h.rows('SELECT delivery FROM outbox')).toEqual([{ delivery: 'smtp-pending' }]);
      expect(transport.sent).toHaveLength(0);
      h.clock.advance(11 * 60);
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      await vi.waitFor(async () => expect(await deliveries(h)).toEqual(['smtp-sent']));
      expect(transport.sent).toHaveLength(1);
      // The sweeps go on: the one after does not send it again.
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      await h.app.close();
      expect(transport.sent).toHaveLength(1);
      await h.start();
    } finally {
      vi.useRealTimers();
    }
  });

  it('delivered by SMTP but not recorded, as the store failed, stays pending under its claim: not failed, not sent again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cancel-mailer-'));
    const database = await createTestDatabase(dir);
    const store = await openStore({ dbFile: database.file, databaseUrl: database.url, databasePoolSize: 2 });
    let storeFails = false;
    const failing = { ...store, transaction: <T>(work: () => Promise<T>) => (storeFails ? Promise.reject(new StoreUnavailableError('busy', 'refused on every attempt')) : store.transaction(work)) };
    const transport = new RecordingTransport();
    const errors: string[] = [];
    const log = { error: (_details: unknown, message: string) => void errors.push(message) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ store: failing, from: 'no-reply@marketlane.example', transport, now: () => 1_000, log });
    try {
      const id = await mailer.record({ to: 'mia.monthly@example.com', subject: 'Confirm', text: 'key SECRET', html: '<p>SECRET</p>', secrets: ['SECRET'] });
      storeFails = true;
      mailer.deliver(id);
      await mailer.drain();
      expect(transport.sent).toHaveLength(1);
      expect(errors).toEqual(['the delivery of a mail failed in the store']);
      const [row] = await store.outbox.list(1);
      expect(row?.delivery).toBe('smtp-pending');
      // Its claim holds: another delivery of it now sends nothing.
      expect(await store.outbox.claim(id, 2_000, 2_000 - 60_000)).toBe(false);
    } finally {
      await store.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An error as nodemailer gives it: a message with SMTP's reply code, or the code of a failed connection. */
const smtpError = (message: string, fields: { responseCode?: number; code?: string }) => Object.assign(new Error(message), fields);

describe('a delivery SMTP refused for now', () => {
  interface Row {
    delivery: string;
    delivery_error: string | null;
    attempts: number;
  }
  const rowOf = async (h: Harness) => (await h.rows<Row>('SELECT delivery, delivery_error, attempts FROM outbox'))[0];
  /** Waits for the outbox row to be `row` (a try's outcome is recorded after the try). */
  const settlesAs = (h: Harness, row: Row) => vi.waitFor(async () => expect(await rowOf(h)).toEqual(row));

  /**
   * A server (its sweeps' interval faked) whose SMTP refuses with `refusal`, once its confirmation email
   * was refused a first time and left pending; `then` goes on from there.
   */
  async function afterFirstRefusal(refusal: Error, options: HarnessOptions, then: (h: Harness, transport: RecordingTransport) => Promise<void>): Promise<void> {
    const transport = new RecordingTransport({ refuse: refusal });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      harness = await startHarness({ mailTransport: transport, ...options });
      const h = harness;
      const client = await h.signIn('paid-monthly');
      expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
      await settlesAs(h, { delivery: 'smtp-pending', delivery_error: refusal.message, attempts: 1 });
      expect(transport.tries).toBe(1);
      await then(h, transport);
    } finally {
      vi.useRealTimers();
    }
  }

  for (const [name, error] of [
    ['a 4xx reply', smtpError('Mail command failed: 421 4.7.0 Try again later', { responseCode: 421, code: 'EENVELOPE' })],
    ['no connection', smtpError('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' })],
  ] as const) {
    it(`is tried again later, after ${name}, and delivered once SMTP takes it`, () =>
      afterFirstRefusal(error, {}, async (h, transport) => {
        // Not before its time: the first wait is a minute.
        h.clock.advance(30);
        vi.advanceTimersByTime(PENDING_SWEEP_MS);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(transport.tries).toBe(1);
        transport.behaviour.refuse = undefined;
        h.clock.advance(31);
        vi.advanceTimersByTime(PENDING_SWEEP_MS);
        await vi.waitFor(async () => expect((await rowOf(h))?.delivery).toBe('smtp-sent'));
        expect(transport.sent).toHaveLength(1);
        expect(transport.tries).toBe(2);
      }));
  }

  it('is the same message at each try: dated when it was written, with one Message-ID', () => {
    const refusal = smtpError('Mail command failed: 421 4.7.0 Try again later', { responseCode: 421, code: 'EENVELOPE' });
    return afterFirstRefusal(refusal, {}, async (h, transport) => {
      const [row] = await h.rows<{ sent_at: number }>('SELECT sent_at FROM outbox');
      const written = Number(row?.sent_at);
      transport.behaviour.refuse = undefined;
      h.clock.advance(15 * 60);
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      await vi.waitFor(async () => expect((await rowOf(h))?.delivery).toBe('smtp-sent'));
      const [first, second] = transport.tried;
      // "Expires in 24 hours" counts from the Date the mail shows: the time it was written, not the later try's.
      expect(second?.date).toEqual(new Date(written));
      expect(first?.date).toEqual(new Date(written));
      expect(second?.messageId).toMatch(/^<[0-9a-f]{32}@marketlane\.example>$/);
      expect(second?.messageId).toBe(first?.messageId);
      // nodemailer writes them as given.
      const built = (await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(second ?? {})).message.toString();
      expect(built).toContain(`\nDate: ${new Date(written).toUTCString().replace('GMT', '+0000')}\r\n`);
      expect(built).toContain(`\nMessage-ID: ${String(second?.messageId)}\r\n`);
    });
  });

  it('is given up once it has not gone out within a day of being recorded', () => {
    const refusal = smtpError('Mail command failed: 451 4.3.0 Temporary failure', { responseCode: 451 });
    return afterFirstRefusal(refusal, {}, async (h, transport) => {
      h.clock.advance(24 * 60 * 60);
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      // Its next try would be past the day: it is failed, with SMTP's last answer, and stays in the outbox.
      await settlesAs(h, { delivery: 'smtp-failed', delivery_error: refusal.message, attempts: 1 });
      expect(transport.tries).toBe(2);
    });
  });

  it('is given up once the confirmation link in it would have expired', () => {
    const refusal = smtpError('Mail command failed: 421 4.7.0 Try again later', { responseCode: 421 });
    return afterFirstRefusal(refusal, { confirmKeyTtlSeconds: 5400 }, async (h) => {
      h.clock.advance(86 * 60);
      vi.advanceTimersByTime(PENDING_SWEEP_MS);
      // Its next try, 5 minutes on, would be past the link's 90 minutes.
      await settlesAs(h, { delivery: 'smtp-failed', delivery_error: refusal.message, attempts: 1 });
    });
  });

  it('a permanent refusal (5xx) or an error that is not SMTP’s is final at once', async () => {
    for (const refusal of [smtpError('Can not send mail to recipient: 550 5.1.1 unknown', { responseCode: 550, code: 'EENVELOPE' }), new Error('bad message')]) {
      const transport = new RecordingTransport({ refuse: refusal });
      const h = await startHarness({ mailTransport: transport });
      try {
        const client = await h.signIn('paid-monthly');
        await client.post('/cancel/api/seo/send-confirmation-email/', {});
        expect(await deliveries(h)).toEqual(['smtp-failed']);
        expect(await rowOf(h)).toEqual({ delivery: 'smtp-failed', delivery_error: refusal.message, attempts: 0 });
      } finally {
        await h.stop();
      }
    }
  });
});

describe('the tries of a mail SMTP refused for now', () => {
  const MIN = 60_000;
  it('wait 1, 5, 15, 30, then 60 minutes, and stop a day after the mail was recorded', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempts) => (nextAttemptAt(attempts, 0, 10 * MIN) ?? 0) - 10 * MIN)).toEqual([1, 5, 15, 30, 60, 60].map((m) => m * MIN));
    expect(nextAttemptAt(9, 0, RETRY_FOR_MS - 60 * MIN)).toBe(RETRY_FOR_MS);
    expect(nextAttemptAt(9, 0, RETRY_FOR_MS - 59 * MIN)).toBeUndefined();
  });

  it('stop sooner where the link in the mail expires sooner than a day', () => {
    expect(nextAttemptAt(3, 0, 60 * MIN, 90 * MIN)).toBe(75 * MIN);
    expect(nextAttemptAt(4, 0, 75 * MIN, 90 * MIN)).toBeUndefined();
    expect(nextAttemptAt(9, 0, 10 * MIN, 2 * RETRY_FOR_MS)).toBe(70 * MIN);
  });

  it('are for a 4xx reply or a connection that failed, not for a 5xx or any other error', () => {
    expect(isTransientSmtpError(smtpError('busy', { responseCode: 421, code: 'EENVELOPE' }))).toBe(true);
    expect(isTransientSmtpError(smtpError('greeting never came', { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTransientSmtpError(smtpError('unknown mailbox', { responseCode: 550, code: 'EENVELOPE' }))).toBe(false);
    expect(isTransientSmtpError(smtpError('bad login', { responseCode: 535, code: 'EAUTH' }))).toBe(false);
    expect(isTransientSmtpError(new Error('a bug'))).toBe(false);
    expect(isTransientSmtpError('ESOCKET')).toBe(false);
  });
});

describe('the sender', () => {
  it('is the provider’s name, quoted unless it is letters, digits and spaces, at a no-reply address', () => {
    expect(senderOf('Marketlane', 'support@marketlane.example')).toBe('Marketlane <no-reply@marketlane.example>');
    expect(senderOf('Märkte 24', 'help@m.example')).toBe('Märkte 24 <no-reply@m.example>');
    expect(senderOf('Smith & Co (EU)', 'help@s.example')).toBe('"Smith & Co (EU)" <no-reply@s.example>');
    expect(senderOf('Marketlane <Team>', 'help@s.example')).toBe('"Marketlane <Team>" <no-reply@s.example>');
    expect(senderOf('The "Best" \\ Co', 'help@s.example')).toBe('"The \\"Best\\" \\\\ Co" <no-reply@s.example>');
  });

  it('gives replies to the support address and marks the mail automatic', async () => {
    const transport = new RecordingTransport();
    harness = await startHarness({ mailTransport: transport });
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    expect(await deliveries(harness)).toEqual(['smtp-sent']);
    expect(transport.sent[0]).toMatchObject({ replyTo: 'support@marketlane.example', headers: { 'Auto-Submitted': 'auto-generated' } });
  });
});

describe('redactedContent', () => {
  it('removes every secret from text, HTML (raw and escaped) and links', () => {
    const mail = {
      id: 1,
      to: 'a@b.example',
      subject: 'Your key',
      text: 'Open https://x.example/?key=s3cret or use s3cret&co. Bye.',
      html: '<a href="https://x.example/?key=s3cret">s3cret&amp;co</a>',
      links: ['https://x.example/?key=s3cret', '/kb/'],
      sentAt: 0,
      delivery: 'smtp-sent' as const,
      secrets: ['s3cret&co', 's3cret', ''],
    };
    expect(redactedContent(mail)).toEqual({
      text: `Open https://x.example/?key=${REDACTED} or use ${REDACTED}. Bye.`,
      html: `<a href="https://x.example/?key=${REDACTED}">${REDACTED}</a>`,
      links: [`https://x.example/?key=${REDACTED}`, '/kb/'],
    });
  });
});

describe('extractLinks', () => {
  it('finds absolute and root-relative links once, in order, and skips mailto', () => {
    const html = '<a href="https://a.example/x?k=1&amp;b=2">x</a> <a href=\'/kb/\'>kb</a> <a href="mailto:s@e.x">m</a>';
    const text = 'See https://a.example/x?k=1&b=2 and http://b.example/y.';
    expect(extractLinks(text, html)).toEqual(['https://a.example/x?k=1&b=2', '/kb/', 'http://b.example/y.']);
  });
});
