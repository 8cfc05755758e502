// Reads the events of the survey visits (visit_events, with their visit from survey_visits) read-only,
// from the server's SQLite file or its PostgreSQL: ids only, never a text a customer typed.
import type Database from 'better-sqlite3';
import { ExportError, readPostgres } from './stored-submissions';

/** One event with the visit it belongs to (time in epoch ms). */
export interface StoredEvent {
  eventId: string;
  at: number;
  type: string;
  step: string;
  answer: string;
  visitId: string;
  userId: string;
  toolkit: string;
  audience: string;
  language: string;
  version: string;
  experiment: string;
  variant: string;
}

interface Row {
  event_id: string;
  at: number | string;
  type: string;
  step: string;
  answer: string;
  visit_id: string;
  user_id: string;
  toolkit: string;
  audience: string;
  language: string;
  version: string;
  experiment: string;
  variant: string;
}

// The events of a visit received together (one batch, one `at`) in the order the page recorded them
// (`batch_position`), not in that of their random ids; events stored before positions were are all 0.
const SELECT = `SELECT e.event_id, e.at, e.type, e.step, e.answer, e.visit_id, v.user_id, v.toolkit, v.audience, v.language, v.version, v.experiment, v.variant
  FROM visit_events e JOIN survey_visits v ON v.visit_id = e.visit_id WHERE e.at >= ? ORDER BY e.at, v.started_at, e.visit_id, e.batch_position, e.event_id`;

// BIGINT columns arrive from PostgreSQL as strings; every stored value fits a JavaScript number.
const eventOf = ({ event_id, at, visit_id, user_id, ...rest }: Row): StoredEvent => ({ eventId: event_id, at: Number(at), visitId: visit_id, userId: user_id, ...rest });

const MISSING = ' yet: start the server of this version once to migrate it';

/** The events recorded at or after `since` in the SQLite database, oldest first. */
export function readEvents(db: Database.Database, since?: number): StoredEvent[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'visit_events'").get();
  if (table === undefined) throw new ExportError(`the database has no visit_events table${MISSING}`);
  return db.prepare<[number], Row>(SELECT).all(since ?? Number.MIN_SAFE_INTEGER).map(eventOf);
}

/** The events recorded at or after `since` in the PostgreSQL database at `url`, oldest first, read-only. */
export function readPostgresEvents(url: string, since?: number): Promise<StoredEvent[]> {
  return readPostgres(url, 'visit_events', MISSING, async (client) => (await client.query<Row>(SELECT.replace('?', '$1'), [since ?? Number.MIN_SAFE_INTEGER])).rows.map(eventOf));
}
