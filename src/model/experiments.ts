import type { AnswerId, StepId } from './survey';

/** A discount offer's numbers as a variant changes them; a number left out stays as the survey has it. */
export interface OfferOverlay {
  percent?: number;
  months?: number;
}

/**
 * Where a variant shows an offer instead: on the way out of step `after`, by its answer `answer`
 * (absent for a step with one way on). The way's old target follows the offer.
 */
export interface OfferPlacement {
  after: StepId;
  answer?: AnswerId;
}

/** What a variant changes in the survey it runs on. Every part is optional; an empty overlay is the survey itself. */
export interface ExperimentOverlay {
  /** Discount offers' percent and months, by offer step id. */
  offers?: Record<StepId, OfferOverlay>;
  /** A choice step's answers in a fixed order, by step id: every answer id but Other's, Other staying last. */
  order?: Record<StepId, AnswerId[]>;
  /** No retention offer at all: every offer is passed by. */
  holdout?: boolean;
  /** Offers shown elsewhere, by offer step id. */
  placement?: Record<StepId, OfferPlacement>;
}

/** One arm of an experiment. */
export interface CompiledVariant {
  id: string;
  /** Its share of the customers, relative to the other variants' weights (a positive whole number). */
  weight: number;
  /** The first variant of an experiment: the survey as it is, the others' baseline. */
  control: boolean;
  overlay: ExperimentOverlay;
}

/** An experiment on one survey (survey/experiments.yaml), running from `start` to `end`, both UTC days included. */
export interface CompiledExperiment {
  id: string;
  /** The id of the survey it runs on. */
  survey: string;
  /** YYYY-MM-DD. */
  start: string;
  /** YYYY-MM-DD, not before `start`. */
  end: string;
  /** The control first. */
  variants: CompiledVariant[];
}
