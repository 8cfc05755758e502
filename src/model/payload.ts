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

/** A discount the customer was shown and declined, with the discount it offered. */
export interface DeclinedDiscount {
  /** The survey step that showed it. */
  offer: string;
  kind: 'discount';
  percent: number;
  months: number;
  choice: 'declined';
}

/** A downgrade the customer was shown and declined, with the plans it offered. */
export interface DeclinedDowngrade {
  /** The survey step that showed it. */
  offer: string;
  kind: 'downgrade';
  /** The plan ids offered for the customer's product group, in the order shown. */
  plans: string[];
  choice: 'declined';
}

/**
 * A retention offer the customer was shown and declined before cancelling. It says what was on the
 * table, so the answer can be read after the YAML's numbers or plans have changed.
 */
export type RetentionRecord = DeclinedDiscount | DeclinedDowngrade;

/**
 * One move of the path a customer took: the step, and what was chosen on it (a choice's answer id,
 * an offer's `declined`, a rating's number as text, a multi step's answer ids). Steps with one way
 * on (a text step, the closing form) carry the step alone.
 */
export interface PathMove {
  step: string;
  answer?: string;
  answers?: string[];
}

/**
 * The survey submission posted to survey-storage (spec §3; schema: schemas/survey-payload.schema.json).
 * `toolkit` is our addition: the server must know which subscription the survey is about;
 * `retention` too: the offers shown on the way and what the customer chose; and `path`, the way taken as ids.
 */
export interface SurveyPayload {
  timestamp: string;
  name: string;
  email: string;
  accepted_terms: boolean;
  toolkit: string;
  survey: Partial<Record<PayloadSlot, QuestionEntry>>;
  retention?: RetentionRecord[];
  /** The steps taken and what was chosen on each, as ids: the server replays them through the engine. */
  path: PathMove[];
}
