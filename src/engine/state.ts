import type { Audience, AnswerId, StepId } from '../model';

/** What the customer entered on a choice step: the chosen answer and the text of any answer's box. */
export interface ChoiceData {
  answer?: AnswerId;
  details?: Record<AnswerId, string>;
}

/** What the customer entered on a text step (3.5). */
export interface TextData {
  text?: string;
}

/** What the customer chose on a retention offer. */
export interface OfferData {
  choice?: 'accepted' | 'declined';
  /** The plan chosen on a downgrade offer. */
  plan?: string;
}

/** What the customer entered on the closing form: one value per field id. */
export type FormValues = Record<string, string | boolean | undefined>;

/** The number chosen on a rating step. */
export interface RatingData {
  value?: number;
}

/** The answers ticked on a multi step, and the text of any answer's box. */
export interface MultiData {
  answers?: AnswerId[];
  details?: Record<AnswerId, string>;
}

/** The data of one step; its shape follows the step's type (see src/model/survey.ts). */
export type StepData = ChoiceData | TextData | FormValues | OfferData | RatingData | MultiData;

/**
 * The whole survey state of one visit. Plain JSON, so the app can keep it in sessionStorage.
 * `trail` is the path taken so far, the current step last; `data` keeps what was entered on
 * every step visited, even one left by going back, so nothing typed is lost.
 */
export interface SurveyState {
  surveyId: string;
  audience: Audience;
  trail: StepId[];
  data: Record<StepId, StepData>;
  /** The answer order of each choice step, chosen once per visit. */
  order: Record<StepId, AnswerId[]>;
  /** The retention offers (step ids) this customer may be shown; any other offer step is passed by. */
  offers: StepId[];
  /** `complete`: the closing form was submitted; `retained`: the customer accepted an offer instead. */
  status: 'answering' | 'complete' | 'retained';
}

/** Events the survey reacts to. */
export type SurveyEvent =
  /** Keep what is typed on the current step without moving on (drafts survive a reload). */
  | { type: 'edit'; data: StepData }
  /** The current step was validated: record its data and move to the next step, or complete on the form. */
  | { type: 'continue'; data: StepData }
  /** Go back one step; what was entered stays. */
  | { type: 'back' }
  /** The retention offers this customer may be shown, once eligibility is known. */
  | { type: 'offers'; available: StepId[] };

/** Raised when an event does not fit the compiled survey: a programming error, never a customer's. */
export class SurveyTransitionError extends Error {
  override name = 'SurveyTransitionError';
}
