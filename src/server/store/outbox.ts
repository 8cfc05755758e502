import type { SqlDatabase } from './sql/database';

/** A mail as the outbox keeps it and the mailbox shows it. */
export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: number;
  delivery: Delivery;
  /** Texts to remove from the stored copy once SMTP has delivered the mail; empty once removed. */
  secrets: string[];
  /** The account the mail is about (null for mail from before accounts). */
  userId: string | null;
  /** The deliveries SMTP refused for now (mail.ts tries again later). */
  attempts: number;
}

/** Where a mail went: only the outbox, or also through SMTP (pending, done or failed). */
export type Delivery = 'outbox' | 'smtp-pending' | 'smtp-sent' | 'smtp-failed';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  links: string;
  sent_at: number;
  delivery: Delivery;
  secrets: string;
  user_id: string | null;
  attempts: number;
}

function fromRow(row: OutboxRow): StoredMail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: JSON.parse(row.links) as string[],
    sentAt: row.sent_at,
    delivery: row.delivery,
    secrets: JSON.parse(row.secrets) as string[],
    userId: row.user_id,
    attempts: Number(row.attempts),
  };
}

/** The outbox table's queries. */
export interface OutboxTable {
  insert(mail: Omit<StoredMail, 'id' | 'attempts'>): Promise<number>;
  get(id: number): Promise<StoredMail | undefined>;
  /** Newest first; only the account's mail when `userId` is given. */
  list(limit: number, userId?: string): Promise<StoredMail[]>;
  /** The mail waiting for SMTP that may be tried `now` (not waiting to be tried again later). */
  pending(now: number): Promise<number[]>;
  /**
   * Takes a pending mail for delivery: true for the one caller (of any process) that gets it, until
   * its delivery is recorded or `staleBefore` passes its claim (the claimer died meanwhile). A mail
   * waiting to be tried again is not taken before its time.
   */
  claim(id: number, now: number, staleBefore: number): Promise<boolean>;
  setDelivery(id: number, delivery: Delivery, error: string | null): Promise<void>;
  /** A delivery SMTP refused for now: still pending, with the error, tried again from `retryAt`. */
  retryLater(id: number, error: string, retryAt: number): Promise<void>;
  /** Replaces the stored bodies and links with versions without the secrets, and forgets the secrets. */
  replaceContent(id: number, content: Pick<StoredMail, 'text' | 'html' | 'links'>): Promise<void>;
}

/** The outbox table's queries. */
export function outboxTable(db: SqlDatabase): OutboxTable {
  return {
    async insert(mail) {
      const row = await db.get<{ id: number }>(
        `INSERT INTO outbox (to_address, subject, text, html, links, sent_at, delivery, secrets, user_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links), mail.sentAt, mail.delivery, JSON.stringify(mail.secrets), mail.userId],
      );
      if (row === undefined) throw new Error('the mail was not stored');
      return row.id;
    },
    async get(id) {
      const row = await db.get<OutboxRow>('SELECT * FROM outbox WHERE id = ?', [id]);
      return row === undefined ? undefined : fromRow(row);
    },
    async list(limit, userId) {
      const rows =
        userId === undefined
          ? await db.all<OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?', [limit])
          : await db.all<OutboxRow>('SELECT * FROM outbox WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit]);
      return rows.map(fromRow);
    },
    async pending(now) {
      const rows = await db.all<{ id: number }>("SELECT id FROM outbox WHERE delivery = 'smtp-pending' AND (retry_at IS NULL OR retry_at <= ?) ORDER BY id", [now]);
      return rows.map((row) => row.id);
    },
    async claim(id, now, staleBefore) {
      const changed = await db.run(
        `UPDATE outbox SET claimed_at = ? WHERE id = ? AND delivery = 'smtp-pending' AND (claimed_at IS NULL OR claimed_at < ?)
         AND (retry_at IS NULL OR retry_at <= ?)`,
        [now, id, staleBefore, now],
      );
      return changed === 1;
    },
    async retryLater(id, error, retryAt) {
      await db.run('UPDATE outbox SET attempts = attempts + 1, retry_at = ?, delivery_error = ?, claimed_at = NULL WHERE id = ?', [retryAt, error, id]);
    },
    async setDelivery(id, delivery, error) {
      await db.run('UPDATE outbox SET delivery = ?, delivery_error = ?, claimed_at = NULL WHERE id = ?', [delivery, error, id]);
    },
    async replaceContent(id, content) {
      await db.run("UPDATE outbox SET text = ?, html = ?, links = ?, secrets = '[]' WHERE id = ?", [
        content.text,
        content.html,
        JSON.stringify(content.links),
        id,
      ]);
    },
  };
}
