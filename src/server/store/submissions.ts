import type { SurveyPayload } from '../../model';
import type { Db } from '../db';

/** Survey submissions: the validated payload as JSON, with who sent it and for which toolkit. */
export interface SubmissionTable {
  insert(userId: string, payload: SurveyPayload, now: number): number;
  /** The id of the user's first submission for the toolkit, if any. */
  first(userId: string, toolkit: string): number | undefined;
}

/** The survey_submissions table's queries. */
export function submissionTable(db: Db): SubmissionTable {
  const insert = db.prepare('INSERT INTO survey_submissions (user_id, toolkit, payload, created_at) VALUES (?, ?, ?, ?)');
  const first = db.prepare('SELECT id FROM survey_submissions WHERE user_id = ? AND toolkit = ? ORDER BY id LIMIT 1');
  return {
    insert(userId, payload, now) {
      return Number(insert.run(userId, payload.toolkit, JSON.stringify(payload), now).lastInsertRowid);
    },
    first(userId, toolkit) {
      return (first.get(userId, toolkit) as { id: number } | undefined)?.id;
    },
  };
}
