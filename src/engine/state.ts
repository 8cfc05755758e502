import type { Audience, AnswerId, StepId } from '../model';

/**
 * What the customer entered on a step of each kind, by its `type`. Each kind's module (./kinds/) adds
 * its own with `declare module '../state'`, so the kinds are listed nowhere but in their modules.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StepDataByType {}

/** The data of one step; its shape is its kind's (StepDataByType). */
export type StepData = StepDataByType[keyof StepDataByType];

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
