// The path a stored submission took, derived from its payload alone (English texts): what the
// /dev/insights page counts (src/server/store/insights.ts) and what the responses export writes
// (scripts/responses).
import { PAYLOAD_SLOTS, type SurveyPayload } from './payload';

/** The label of a submission whose questions have no chosen answer (a text-only form, like the growth kit's). */
export const NO_CHOICE = '(no answer chosen: a text-only form)';
/** Between the steps of a path. */
export const PATH_SEPARATOR = ' › ';

/**
 * The answers chosen on steps 1 to 4 in order, then each retention offer declined on the way, joined
 * by ' › '. Free text is left out: it is the customer's, not a branch of the survey.
 */
export function submissionPath(payload: Pick<SurveyPayload, 'survey' | 'retention'>): string {
  const parts: string[] = [];
  for (const slot of PAYLOAD_SLOTS) {
    const answers = payload.survey[slot]?.answers ?? [];
    if (answers.length > 0) parts.push(answers.join(' + '));
  }
  for (const record of payload.retention ?? []) parts.push(`declined the ${record.kind} offer`);
  return parts.length > 0 ? parts.join(PATH_SEPARATOR) : NO_CHOICE;
}

/** The step-1 reason of a submission: its first question's answer, in English. */
export function submissionReason(payload: Pick<SurveyPayload, 'survey'>): string {
  const answers = payload.survey.first_question?.answers ?? [];
  return answers.length > 0 ? answers.join(' + ') : NO_CHOICE;
}
