import type { SurveyPayload } from '../../model';
import type { SqlDatabase } from './sql/database';

/** A half-open time range in epoch milliseconds: `from` included, `to` excluded. */
export interface TimeRange {
  from: number;
  to: number;
}

/** What a submission records beside its payload: the survey version, the experiment variant and the visit it came from. */
export interface SubmissionContext {
  version: string;
  experiment: string;
  variant: string;
  visitId: string | null;
}

/**
 * A stored submission with what it and its visit recorded: the survey version, and the audience and
 * language of the visit it came from. Null where it is not known: a submission stored before
 * versions were recorded has no version, one without a visit no audience or language.
 */
export interface StoredSubmission {
  payload: SurveyPayload;
  version: string | null;
  audience: string | null;
  language: string | null;
}

/** Survey submissions: the validated payload as JSON, with who sent it and for which toolkit. */
export interface SubmissionTable {
  insert(userId: string, payload: SurveyPayload, now: number, context?: SubmissionContext): Promise<number>;
  /** The id of the user's first submission for the toolkit, if any. */
  first(userId: string, toolkit: string): Promise<number | undefined>;
  /** The steps of the path of the user's first submission for the toolkit (the screens it showed); empty without one. */
  firstPath(userId: string, toolkit: string): Promise<string[]>;
  /** The submissions stored in `range`, of one toolkit or of all, oldest first, each with its version and its visit's audience and language. */
  storedIn(range: TimeRange, toolkit?: string): Promise<StoredSubmission[]>;
  /** The toolkits that have any submission, sorted. */
  toolkits(): Promise<string[]>;
}

/** The survey_submissions table's queries. */
export function submissionTable(db: SqlDatabase): SubmissionTable {
  return {
    async insert(userId, payload, now, context) {
      const row = await db.get<{ id: number }>(
        'INSERT INTO survey_submissions (user_id, toolkit, payload, created_at, version, experiment, variant, visit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
        [userId, payload.toolkit, JSON.stringify(payload), now, context?.version ?? null, context?.experiment ?? null, context?.variant ?? null, context?.visitId ?? null],
      );
      if (row === undefined) throw new Error('the submission was not stored');
      return row.id;
    },
    async first(userId, toolkit) {
      return (await db.get<{ id: number }>('SELECT id FROM survey_submissions WHERE user_id = ? AND toolkit = ? ORDER BY id LIMIT 1', [userId, toolkit]))?.id;
    },
    async firstPath(userId, toolkit) {
      const row = await db.get<{ payload: string }>('SELECT payload FROM survey_submissions WHERE user_id = ? AND toolkit = ? ORDER BY id LIMIT 1', [userId, toolkit]);
      return row === undefined ? [] : (JSON.parse(row.payload) as SurveyPayload).path.map((move) => move.step);
    },
    async storedIn(range, toolkit) {
      const rows = await db.all<{ payload: string; version: string | null; audience: string | null; language: string | null }>(
        `SELECT s.payload, s.version, v.audience, v.language FROM survey_submissions s LEFT JOIN survey_visits v ON v.visit_id = s.visit_id
         WHERE s.created_at >= ? AND s.created_at < ?${toolkit === undefined ? '' : ' AND s.toolkit = ?'} ORDER BY s.id`,
        toolkit === undefined ? [range.from, range.to] : [range.from, range.to, toolkit],
      );
      return rows.map((row) => ({ payload: JSON.parse(row.payload) as SurveyPayload, version: row.version, audience: row.audience, language: row.language }));
    },
    async toolkits() {
      // Sorted here, by code unit: the same order whatever collation the database has.
      const rows = await db.all<{ toolkit: string }>('SELECT DISTINCT toolkit FROM survey_submissions');
      return rows.map((row) => row.toolkit).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    },
  };
}
