import type { SurveyPayload } from '../../model';
import type { Db } from '../db';

/** Survey submissions: the validated payload as JSON, with who sent it and for which toolkit. */
export interface SubmissionTable {
  insert(userId: string, payload: SurveyPayload, now: number): number;
}

/** The survey_submissions table's queries. */
export function submissionTable(db: Db): SubmissionTable {
  const insert = db.prepare('INSERT INTO survey_submissions (user_id, toolkit, payload, created_at) VALUES (?, ?, ?, ?)');
  return {
    insert(userId, payload, now) {
      return Number(insert.run(userId, payload.toolkit, JSON.stringify(payload), now).lastInsertRowid);
    },
  };
}
