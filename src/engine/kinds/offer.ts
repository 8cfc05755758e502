import type { CompiledStep, OfferStep, RetentionRecord } from '../../model';
import { SurveyTransitionError } from '../state';
import type { Branch, EngineKind } from './kind';

/** What the customer chose on a retention offer. */
export interface OfferData {
  choice?: 'accepted' | 'declined';
  /** The plan chosen on a downgrade offer. */
  plan?: string;
}

declare module '../state' {
  interface StepDataByType {
    offer: OfferData;
  }
}

const accepting = (step: OfferStep): Branch => ({ answer: 'accepted', label: step.accept, outcome: { end: 'retained' } });
const declining = (step: OfferStep): Branch => ({ answer: 'declined', label: step.decline, outcome: { to: step.next } });

/**
 * The plans a downgrade offer proposes to this product group (none for a discount). The YAML names
 * product groups in capitals (BUSINESS); the user's field is read the same way whatever its case, so
 * the page and the server read it alike.
 */
export function downgradePlans(step: OfferStep, productGroup: string): string[] {
  return step.offer.kind === 'downgrade' ? (step.offer.plans[productGroup.toUpperCase()] ?? []) : [];
}

/**
 * The values an offer's texts are rendered with (ICU arguments of its messages): a discount's
 * `percent` and `months`, a downgrade's `plan` once one is chosen.
 */
export type OfferValues = {
  percent?: number;
  months?: number;
  /** The chosen plan's display name. */
  plan?: string;
};

/**
 * The values of an offer step's texts. `plan` is the chosen plan's id; its display name comes from
 * the offer's `planNames`, through `translate` when given.
 */
export function offerValues(step: OfferStep, plan?: string, translate: (english: string) => string = (text) => text): OfferValues {
  const { offer } = step;
  if (offer.kind === 'discount') return { percent: offer.percent, months: offer.months };
  return plan === undefined ? {} : { plan: translate(offer.planNames[plan] ?? plan) };
}

/** Whether a step is a retention offer: what offer availability and eligibility are about. */
export function isOfferStep(step: CompiledStep): step is OfferStep {
  return step.type === 'offer';
}

/** A declined offer with what it offered: the discount's numbers, or the plans shown for the product group. */
function declined(step: OfferStep, productGroup: string): RetentionRecord {
  const { offer } = step;
  if (offer.kind === 'discount') return { offer: step.id, kind: 'discount', percent: offer.percent, months: offer.months, choice: 'declined' };
  return { offer: step.id, kind: 'downgrade', plans: downgradePlans(step, productGroup), choice: 'declined' };
}

/**
 * A retention offer between two questions: accepting ends the survey with the subscription kept,
 * declining goes on to `next` and is listed under the payload's `retention`.
 */
export const offerKind: EngineKind<'offer'> = {
  noun: 'retention offer',
  branches: (step) => [accepting(step), declining(step)],
  branchOf(step, data) {
    const { choice } = data as OfferData;
    if (choice === 'declined') return declining(step);
    if (choice === 'accepted') return accepting(step);
    throw new SurveyTransitionError(`offer '${step.id}' needs a choice, accepted or declined`);
  },
  moveOf: (step, data) => ({ step: step.id, answer: (data as OfferData).choice }),
  sampleData: (_step, move) => ({ choice: move.answer === 'accepted' ? 'accepted' : 'declined' }),
  writePayload(step, data, draft) {
    if ((data as OfferData).choice === 'declined') draft.retention.push(declined(step, draft.productGroup));
  },
  enteredTexts: () => [],
  dataFromPayload: (_step, move) => (move.answer === 'accepted' || move.answer === 'declined' ? { choice: move.answer } : {}),
  questions: () => [],
  payloadField: (step) => `path: the choice on '${step.id}'`,
  passedBy: (step) => step.next,
  // Only the decline leads on; accepting ends the survey.
  redirected: (step, answer, to) => (answer === 'declined' ? { ...step, next: to } : step),
  textValues: (step) => offerValues(step),
};
