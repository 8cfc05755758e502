// A visit of the survey screen and its events: what the page records of a customer's way through the
// flow for retention insights (our addition to spec §7: POST /cancel/api/visit-events/). Events carry
// ids only, never a text the customer typed.
import type { Language } from './languages';
import type { AnswerId, StepId } from './survey';

/** What happened in a visit. */
export const VISIT_EVENT_TYPES = [
  /** The survey screen was shown: the visit starts (the batch then names its toolkit, version and language). */
  'visit',
  /** A step was shown (`step`). */
  'step',
  /** An answer was chosen and taken on (`step`, `answer`). */
  'answer',
  /** A retention offer was shown (`step`: the offer). */
  'offer-shown',
  /** A retention offer or downgrade was taken (`step`; `answer`: the plan of a downgrade). */
  'offer-accepted',
  /** A retention offer was passed by (`step`). */
  'offer-declined',
  /** 'I want to stay' (or keep the trial) after starting. */
  'stay',
  /** The policy's cancel-now control (`step`: where it was used). */
  'cancel-now',
  /** The survey was stored (the cancel request). */
  'submitted',
  /** The confirmation email was sent. */
  'email-sent',
  /** The cancellation took effect: the emailed link, or a policy's immediate effect. */
  'confirmed',
  /** The page was left (`pagehide`). */
  'leave',
] as const;

export type VisitEventType = (typeof VISIT_EVENT_TYPES)[number];

/** One event; `id` makes it idempotent (a batch sent twice records it once). */
export interface VisitEvent {
  id: string;
  type: VisitEventType;
  step?: StepId;
  answer?: AnswerId;
}

/** The body of POST visit-events/: the events of one visit, oldest first. */
export interface VisitEventBatch {
  visit: string;
  toolkit: string;
  /** The survey version the page shows (CompiledSurvey.version). */
  version: string;
  language: Language;
  events: VisitEvent[];
  /** The session's CSRF token, for a batch sent with navigator.sendBeacon, which cannot set the header. */
  csrf_token?: string;
}

/** How a visit ended. `open`: its last event is less than VISIT_IDLE_MS old, so it may go on. */
export type VisitOutcome = 'saved' | 'cancelled' | 'confirmed' | 'abandoned';

/** A visit with no event for this long counts as abandoned (unless it ended otherwise). */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

/** The most events one batch may carry. */
export const VISIT_BATCH_MAX_EVENTS = 50;
