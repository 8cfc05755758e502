import type Database from 'better-sqlite3';

/**
 * The database schema as an append-only list: entry i brings `user_version` from i to i + 1.
 * Never edit an entry that has shipped; add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    persona_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE cancellation_requests (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed')),
    created_at INTEGER NOT NULL,
    confirmed_at INTEGER,
    UNIQUE (user_id, toolkit)
  ) STRICT;

  CREATE TABLE confirmation_keys (
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    request_id INTEGER NOT NULL REFERENCES cancellation_requests (id),
    user_id TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT;
  CREATE INDEX confirmation_keys_latest ON confirmation_keys (user_id, toolkit, created_at);

  CREATE TABLE survey_submissions (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    links TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    delivery TEXT NOT NULL CHECK (delivery IN ('outbox', 'smtp-pending', 'smtp-sent', 'smtp-failed')),
    delivery_error TEXT
  ) STRICT;

  CREATE TABLE accepted_offers (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    offer TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, toolkit)
  ) STRICT;

  CREATE TABLE downgrades (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    from_group TEXT NOT NULL,
    to_plan TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, toolkit)
  ) STRICT;

  CREATE TABLE idempotency_records (
    idem_key TEXT NOT NULL,
    user_id TEXT NOT NULL,
    route TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (idem_key, user_id, route)
  ) STRICT;
  `,
  // The texts of a mail to remove once SMTP has delivered it (the confirmation key), as a JSON array.
  `
  ALTER TABLE outbox ADD COLUMN secrets TEXT NOT NULL DEFAULT '[]';
  `,
  // Demo accounts made from the personas, one per sign-in; a session signs in an account. Sessions
  // from before keep their persona's own id (account_id NULL). A mail remembers whose it is, and an
  // accepted offer or downgrade when a confirmed cancellation withdrew it. Per-user request counts
  // (rate limits shared by every server process).
  `
  CREATE TABLE accounts (
    user_id INTEGER PRIMARY KEY,
    persona_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  ALTER TABLE sessions ADD COLUMN account_id INTEGER;
  ALTER TABLE outbox ADD COLUMN user_id TEXT;
  ALTER TABLE accepted_offers ADD COLUMN withdrawn_at INTEGER;
  ALTER TABLE downgrades ADD COLUMN withdrawn_at INTEGER;
  CREATE INDEX survey_submissions_user ON survey_submissions (user_id, toolkit, id);
  CREATE TABLE request_counts (
    user_id TEXT NOT NULL,
    call TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, call, window_start)
  ) STRICT;
  `,
];

/** Applies the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Database.Database): number {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The database is at schema version ${current}, newer than this server knows (${MIGRATIONS.length}).`,
    );
  }
  MIGRATIONS.slice(current).forEach((sql, index) => {
    const version = current + index + 1;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  });
  return MIGRATIONS.length;
}
