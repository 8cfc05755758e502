import type { Db } from '../db';

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
  };
}

/** The outbox table's queries. */
export interface OutboxTable {
  insert(mail: Omit<StoredMail, 'id'>): number;
  get(id: number): StoredMail | undefined;
  /** Newest first; only the account's mail when `userId` is given. */
  list(limit: number, userId?: string): StoredMail[];
  pending(): number[];
  setDelivery(id: number, delivery: Delivery, error: string | null): void;
  /** Replaces the stored bodies and links with versions without the secrets, and forgets the secrets. */
  replaceContent(id: number, content: Pick<StoredMail, 'text' | 'html' | 'links'>): void;
}

/** The outbox table's queries. */
export function outboxTable(db: Db): OutboxTable {
  const insert = db.prepare(
    `INSERT INTO outbox (to_address, subject, text, html, links, sent_at, delivery, secrets, user_id)
     VALUES (@to, @subject, @text, @html, @links, @sentAt, @delivery, @secrets, @userId)`,
  );
  const get = db.prepare('SELECT * FROM outbox WHERE id = ?');
  const list = db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?');
  const listOf = db.prepare('SELECT * FROM outbox WHERE user_id = ? ORDER BY id DESC LIMIT ?');
  const pending = db.prepare("SELECT id FROM outbox WHERE delivery = 'smtp-pending' ORDER BY id");
  const update = db.prepare('UPDATE outbox SET delivery = ?, delivery_error = ? WHERE id = ?');
  const replace = db.prepare("UPDATE outbox SET text = ?, html = ?, links = ?, secrets = '[]' WHERE id = ?");
  return {
    insert(mail) {
      const row = { ...mail, links: JSON.stringify(mail.links), secrets: JSON.stringify(mail.secrets) };
      return Number(insert.run(row).lastInsertRowid);
    },
    get(id) {
      const row = get.get(id) as OutboxRow | undefined;
      return row === undefined ? undefined : fromRow(row);
    },
    list(limit, userId) {
      const rows = userId === undefined ? list.all(limit) : listOf.all(userId, limit);
      return (rows as OutboxRow[]).map(fromRow);
    },
    pending() {
      return (pending.all() as { id: number }[]).map((row) => row.id);
    },
    setDelivery(id, delivery, error) {
      update.run(delivery, error, id);
    },
    replaceContent(id, content) {
      replace.run(content.text, content.html, JSON.stringify(content.links), id);
    },
  };
}
