import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from './tokens';
import { extractLinks } from './links';
import { isTransientSmtpError, nextAttemptAt } from './mail-retry';
import { redactedContent } from './mail-redaction';
import type { StoredMail } from './store/outbox';
import type { Store } from './store/store';

/** What the server sends: plain text and HTML bodies of the same message. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Texts in the mail that grant something (the confirmation key). The outbox keeps them while it
   * is the only copy (the development mailbox shows the link) and removes them once SMTP has
   * delivered the mail.
   */
  secrets?: string[];
  /** The account the mail is about, so the development mailbox can show one account's mail. */
  userId?: string;
}

/** The part of a nodemailer transporter the mailer uses (tests inject a JSON transport). */
export interface MailTransport {
  sendMail(options: SendMailOptions): Promise<unknown>;
  close?(): void;
}

/**
 * The outbox: every mail is recorded in the database; with a transport it is also delivered,
 * after the recording transaction has committed, so a rolled-back request never sends mail. A
 * delivered mail's stored copy loses its secrets.
 */
export interface Mailer {
  /** Records the mail (call inside the request's transaction); resolves with its outbox id. */
  record(mail: OutgoingMail): Promise<number>;
  /** Starts SMTP delivery of a recorded mail; does nothing without a transport. */
  deliver(id: number): void;
  /** Newest first; only the account's mail when `userId` is given. */
  list(limit: number, userId?: string): Promise<StoredMail[]>;
  /** Resolves when no delivery is in flight; used on shutdown. */
  drain(): Promise<void>;
}

/**
 * The From of the mails: the provider's name at a no-reply address of its support domain. A name
 * with anything but letters, digits and spaces is quoted, so `Smith & Co (EU)` or `A <B>` stays the
 * name, not a comment or the address.
 */
export function senderOf(name: string, supportEmail: string): string {
  const phrase = /^[\p{L}\p{N} ]+$/u.test(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${phrase} <no-reply@${supportEmail.split('@')[1] ?? 'localhost'}>`;
}

/**
 * What makes every try of a mail the same message (RFC 5322, 3.6.1 and 3.6.4): its Date is when it was
 * written and recorded, not when a try reached SMTP, so "expires in 24 hours" counts from the date the
 * mail shows; and its Message-ID is one for all tries, so a copy delivered twice (a try whose answer
 * was lost) is known as the same mail. The id is a hash of the mail as recorded, whose link holds a
 * random key: unique, and it tells nothing (not the outbox's count).
 */
export function messageHeadersOf(mail: Pick<StoredMail, 'sentAt' | 'to' | 'subject' | 'text' | 'html'>, from: string): { date: Date; messageId: string } {
  const domain = /@([^@\s>]+)>?$/.exec(from)?.[1] ?? 'localhost';
  const hash = sha256(JSON.stringify([mail.sentAt, mail.to, mail.subject, mail.text, mail.html])).slice(0, 32);
  return { date: new Date(mail.sentAt), messageId: `<${hash}@${domain}>` };
}

/** Builds the SMTP transport for SMTP_URL, if set. */
export function smtpTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl === undefined ? undefined : nodemailer.createTransport(smtpUrl);
}

/** How long a process's claim on a pending mail holds before another may deliver it (the first died). */
const CLAIM_TIMEOUT_MS = 10 * 60 * 1000;
/** How often a process looks again for pending mail: a claim left by a process that died goes stale. */
export const PENDING_SWEEP_MS = 60 * 1000;

/** The mailer over the store's outbox. */
export function createMailer(options: {
  store: Store;
  from: string;
  /** Where a customer's reply goes (the support address): `from` is a no-reply address. */
  replyTo?: string;
  /**
   * How long after a mail is recorded a refused delivery is still tried (at most a day): no longer than
   * the confirmation link in it works, since a mail whose link has expired is of no use.
   */
  retryForMs?: number;
  transport: MailTransport | undefined;
  now: () => number;
  log: FastifyBaseLogger;
}): Mailer {
  const { transport, from, log } = options;
  const { store } = options;
  const table = store.outbox;
  const inFlight = new Set<Promise<void>>();

  async function send(id: number): Promise<void> {
    if (transport === undefined) return;
    const now = options.now();
    // Another process may deliver the same pending mail (each delivers what is pending at its start).
    if (!(await table.claim(id, now, now - CLAIM_TIMEOUT_MS))) return;
    const mail = await table.get(id);
    if (mail === undefined) return;
    try {
      await transport.sendMail({
        from,
        ...(options.replyTo === undefined ? {} : { replyTo: options.replyTo }),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...messageHeadersOf(mail, from),
        // RFC 3834: out-of-office replies are not sent back to an automatic message.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = isTransientSmtpError(error) ? nextAttemptAt(mail.attempts + 1, mail.sentAt, options.now(), options.retryForMs) : undefined;
      if (retryAt !== undefined) {
        await table.retryLater(id, message, retryAt);
        log.warn({ mailId: id, err: error, retryAt: new Date(retryAt).toISOString() }, 'SMTP refused the delivery for now; it is tried again later');
        return;
      }
      await table.setDelivery(id, 'smtp-failed', message);
      log.error({ mailId: id, err: error }, 'SMTP delivery failed; the mail stays in the outbox');
      return;
    }
    // Delivered. Should the store fail to record it, the mail stays claimed and pending (deliver()
    // logs the error): a sweep once the claim is stale sends it again, rather than never.
    await store.transaction(async () => {
      await table.setDelivery(id, 'smtp-sent', null);
      if (mail.secrets.length > 0) await table.replaceContent(id, redactedContent(mail));
    });
  }

  const mailer: Mailer = {
    record(mail) {
      return table.insert({
        ...mail,
        secrets: mail.secrets ?? [],
        userId: mail.userId ?? null,
        links: extractLinks(mail.text, mail.html),
        sentAt: options.now(),
        delivery: transport === undefined ? 'outbox' : 'smtp-pending',
      });
    },
    deliver(id) {
      if (transport === undefined) return;
      const delivery = send(id)
        .catch((error: unknown) => log.error({ mailId: id, err: error }, 'the delivery of a mail failed in the store'))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    list: (limit, userId) => table.list(limit, userId),
    async drain() {
      clearInterval(sweeps);
      // Deliveries in flight may start more (the pending mail read by a sweep).
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      transport?.close?.();
    },
  };
  /** Delivers the pending mail; each is claimed, so what another delivery has in hand is left to it. */
  function sweep(): void {
    const pending = table
      .pending(options.now())
      .then((ids) => ids.forEach((id) => mailer.deliver(id)))
      .catch((error: unknown) => log.error({ err: error }, 'the pending mail could not be read'))
      .finally(() => inFlight.delete(pending));
    inFlight.add(pending);
  }
  // Mail recorded before a crash or restart and not yet handed to SMTP goes out now, and mail whose
  // claimer died (in this process's last life or in another process) once its claim is stale.
  let sweeps: NodeJS.Timeout | undefined;
  if (transport !== undefined) {
    sweep();
    sweeps = setInterval(sweep, PENDING_SWEEP_MS).unref();
  }
  return mailer;
}
