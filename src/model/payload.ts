/** The four payload slots a survey step can fill (spec §3). */
export type PayloadSlot = 'first_question' | 'second_question' | 'third_question' | 'fourth_question';

/** Every slot, in payload order. */
export const PAYLOAD_SLOTS: readonly PayloadSlot[] = [
  'first_question',
  'second_question',
  'third_question',
  'fourth_question',
];

/** One answered question in the payload: English texts plus the texts the customer saw. */
export interface QuestionEntry {
  question: string;
  question_translated: string;
  answers: string[];
  answers_translated: string[];
  comment: string;
}

/** A retention offer the customer was shown and declined before cancelling. */
export interface RetentionRecord {
  /** The survey step that showed it. */
  offer: string;
  kind: 'discount' | 'downgrade';
  choice: 'declined';
}

/**
 * The survey submission posted to survey-storage (spec §3; schema: schemas/survey-payload.schema.json).
 * `toolkit` is our addition: the server must know which subscription the survey is about;
 * `retention` too: the offers shown on the way and what the customer chose.
 */
export interface SurveyPayload {
  timestamp: string;
  name: string;
  email: string;
  accepted_terms: boolean;
  toolkit: string;
  survey: Partial<Record<PayloadSlot, QuestionEntry>>;
  retention?: RetentionRecord[];
}
