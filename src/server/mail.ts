import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { extractLinks } from './links';
import { redactedContent } from './mail-redaction';
import { outboxTable, type StoredMail } from './store/outbox';

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
  /** Records the mail (call inside the request's transaction); returns its outbox id. */
  record(mail: OutgoingMail): number;
  /** Starts SMTP delivery of a recorded mail; does nothing without a transport. */
  deliver(id: number): void;
  /** Newest first; only the account's mail when `userId` is given. */
  list(limit: number, userId?: string): StoredMail[];
  /** Resolves when no delivery is in flight; used on shutdown. */
  drain(): Promise<void>;
}

/** Builds the SMTP transport for SMTP_URL, if set. */
export function smtpTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl === undefined ? undefined : nodemailer.createTransport(smtpUrl);
}

/** The mailer over the outbox table. */
export function createMailer(options: {
  db: Db;
  from: string;
  transport: MailTransport | undefined;
  now: () => number;
  log: FastifyBaseLogger;
}): Mailer {
  const { transport, from, log } = options;
  const table = outboxTable(options.db);
  const inFlight = new Set<Promise<void>>();

  async function send(id: number): Promise<void> {
    const mail = table.get(id);
    if (transport === undefined || mail === undefined) return;
    try {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      options.db.transaction(() => {
        table.setDelivery(id, 'smtp-sent', null);
        if (mail.secrets.length > 0) table.replaceContent(id, redactedContent(mail));
      })();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      table.setDelivery(id, 'smtp-failed', message);
      log.error({ mailId: id, err: error }, 'SMTP delivery failed; the mail stays in the outbox');
    }
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
      const delivery = send(id).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    list: (limit, userId) => table.list(limit, userId),
    async drain() {
      await Promise.all([...inFlight]);
      transport?.close?.();
    },
  };
  // Mail recorded before a crash or restart and not yet handed to SMTP goes out now.
  if (transport !== undefined) table.pending().forEach((id) => mailer.deliver(id));
  return mailer;
}
