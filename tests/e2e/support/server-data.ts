// Reads what the reference server stored: survey payloads from its SQLite file (read-only), mail
// from /dev/mailbox.json.
import Database from 'better-sqlite3';
import type { APIRequestContext } from '@playwright/test';
import type { SurveyPayload } from '../../../src/model';

function dbFile(): string {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set: run the tests through playwright.config.ts');
  return file;
}

/** The stored survey payloads whose name is `name` (tests give every submission a unique name). */
export function storedSurveys(name: string): { toolkit: string; payload: SurveyPayload }[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT toolkit, payload FROM survey_submissions WHERE json_extract(payload, '$.name') = ? ORDER BY id")
      .all(name) as { toolkit: string; payload: string }[];
    return rows.map((row) => ({ toolkit: row.toolkit, payload: JSON.parse(row.payload) as SurveyPayload }));
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

/** The mailbox, newest first. */
export async function mailbox(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get('/dev/mailbox.json');
  if (!response.ok()) throw new Error(`/dev/mailbox.json answered ${response.status()}`);
  return (await response.json()) as Mail[];
}
