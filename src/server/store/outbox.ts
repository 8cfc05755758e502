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
  };
}

/** The outbox table's queries. */
export interface OutboxTable {
  insert(mail: Omit<StoredMail, 'id'>): number;
  get(id: number): StoredMail | undefined;
  /** Newest first. */
  list(limit: number): StoredMail[];
  pending(): number[];
  setDelivery(id: number, delivery: Delivery, error: string | null): void;
}

/** The outbox table's queries. */
export function outboxTable(db: Db): OutboxTable {
  const insert = db.prepare(
    `INSERT INTO outbox (to_address, subject, text, html, links, sent_at, delivery)
     VALUES (@to, @subject, @text, @html, @links, @sentAt, @delivery)`,
  );
  const get = db.prepare('SELECT * FROM outbox WHERE id = ?');
  const list = db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?');
  const pending = db.prepare("SELECT id FROM outbox WHERE delivery = 'smtp-pending' ORDER BY id");
  const update = db.prepare('UPDATE outbox SET delivery = ?, delivery_error = ? WHERE id = ?');
  return {
    insert(mail) {
      return Number(insert.run({ ...mail, links: JSON.stringify(mail.links) }).lastInsertRowid);
    },
    get(id) {
      const row = get.get(id) as OutboxRow | undefined;
      return row === undefined ? undefined : fromRow(row);
    },
    list(limit) {
      return (list.all(limit) as OutboxRow[]).map(fromRow);
    },
    pending() {
      return (pending.all() as { id: number }[]).map((row) => row.id);
    },
    setDelivery(id, delivery, error) {
      update.run(delivery, error, id);
    },
  };
}
