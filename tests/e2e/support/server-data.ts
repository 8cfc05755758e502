// Reads what the reference server stored: survey payloads and retention actions from its SQLite
// file (read-only), mail from /dev/mailbox.json. Only resetRetention writes, see there why.
import Database from 'better-sqlite3';
import type { APIRequestContext } from '@playwright/test';
import type { SurveyPayload } from '../../../src/model';
import { ACCOUNTS_OF_PERSONA } from './session';

/** Which server's database: the product's, or the example server's (the example survey's bundle). */
type Server = 'product' | 'example';

function dbFile(server: Server = 'product'): string {
  const variable = server === 'example' ? 'E2E_EXAMPLE_DB_FILE' : 'E2E_DB_FILE';
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} is not set: run the tests through playwright.config.ts`);
  return file;
}

/** The stored survey payloads whose name is `name` (tests give every submission a unique name). */
export function storedSurveys(name: string, server: Server = 'product'): { toolkit: string; payload: SurveyPayload }[] {
  const db = new Database(dbFile(server), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT toolkit, payload FROM survey_submissions WHERE json_extract(payload, '$.name') = ? ORDER BY id")
      .all(name) as { toolkit: string; payload: string }[];
    return rows.map((row) => ({ toolkit: row.toolkit, payload: JSON.parse(row.payload) as SurveyPayload }));
  } finally {
    db.close();
  }
}

/** What the server recorded of a user's retention actions: accepted offers and plan downgrades. */
export interface RetentionRecords {
  offers: { toolkit: string; offer: string }[];
  downgrades: { toolkit: string; from_group: string; to_plan: string }[];
}

/** The accepted offers and downgrades the server recorded for the accounts of the persona whose own id this is. */
export function retentionRecords(userId: string): RetentionRecords {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    const offers = db
      .prepare(`SELECT toolkit, offer FROM accepted_offers WHERE user_id IN (${ACCOUNTS_OF_PERSONA}) ORDER BY id`)
      .all({ persona: userId }) as RetentionRecords['offers'];
    const downgrades = db
      .prepare(`SELECT toolkit, from_group, to_plan FROM downgrades WHERE user_id IN (${ACCOUNTS_OF_PERSONA}) ORDER BY id`)
      .all({ persona: userId }) as RetentionRecords['downgrades'];
    return { offers, downgrades };
  } finally {
    db.close();
  }
}

/**
 * Forgets the retention actions of the accounts of the persona whose own id this is, so the records
 * read next are the test's own. The tests that take offers run one after another.
 */
export function resetRetention(userId: string): void {
  const db = new Database(dbFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      db.prepare(`DELETE FROM accepted_offers WHERE user_id IN (${ACCOUNTS_OF_PERSONA})`).run({ persona: userId });
      db.prepare(`DELETE FROM downgrades WHERE user_id IN (${ACCOUNTS_OF_PERSONA})`).run({ persona: userId });
    })();
  } finally {
    db.close();
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The mailbox, newest first; `mine`: only the mail of the account `request` is signed in as. */
export async function mailbox(request: APIRequestContext, which: 'all' | 'mine' = 'all'): Promise<Mail[]> {
  const response = await request.get(which === 'mine' ? '/dev/mailbox.json?account=mine' : '/dev/mailbox.json');
  if (!response.ok()) throw new Error(`/dev/mailbox.json answered ${response.status()}`);
  return (await response.json()) as Mail[];
}
