// The one place that says which retention offers a survey makes, to whom and with what values: the
// page (availability, the plans shown, the values its texts are rendered with) and the server
// (eligible-for-offer, accept-offer, downgrade, the /dev/survey preview) both ask it.
import type { Audience, CompiledSurvey, OfferStep, RetentionOffer, StepId } from '../model';
import { downgradePlans, isOfferStep, type OfferValues } from './kinds/offer';

export { downgradePlans, offerValues, type OfferValues } from './kinds/offer';

/** What decides whether a customer may be shown a retention offer. */
export interface OfferContext {
  /** The toolkit the page cancels. */
  toolkit: string;
  /** The eligible-for-offer call answered `result: true`. */
  eligible: boolean;
  /** The user's `product_group`: a downgrade needs smaller plans for it. */
  productGroup: string;
}

/** Every offer step of the survey, whichever audience reaches it, once each, by step id. */
export function offerSteps(survey: CompiledSurvey): OfferStep[] {
  const steps = new Map<StepId, OfferStep>();
  for (const flow of Object.values(survey.audiences)) {
    for (const step of Object.values(flow.steps)) if (isOfferStep(step)) steps.set(step.id, step);
  }
  return [...steps.keys()].sort().map((id) => steps.get(id) as OfferStep);
}

/** The offer steps shown on this toolkit's page (for any audience), by step id. */
export function toolkitOffers(survey: CompiledSurvey, toolkit: string): OfferStep[] {
  return offerSteps(survey).filter((step) => step.offer.toolkits.includes(toolkit));
}

/** Whether any offer of the survey could be shown on this toolkit's page: worth asking about eligibility. */
export function toolkitHasOffers(survey: CompiledSurvey, toolkit: string): boolean {
  return toolkitOffers(survey, toolkit).length > 0;
}

/** The discount offers (their step ids) of this toolkit's page, by step id. */
export function toolkitDiscounts(survey: CompiledSurvey, toolkit: string): StepId[] {
  return toolkitOffers(survey, toolkit)
    .filter((step) => step.offer.kind === 'discount')
    .map((step) => step.id);
}

/** The plans this toolkit's downgrade offers propose to a product group, each once, in the YAML's order. */
export function toolkitDowngradePlans(survey: CompiledSurvey, toolkit: string, productGroup: string): string[] {
  return [...new Set(toolkitOffers(survey, toolkit).flatMap((step) => downgradePlans(step, productGroup)))];
}

/**
 * The ICU arguments an offer's texts may name, as offerValues gives them: a discount's everywhere, a
 * downgrade's `plan` only on the success screen (before, no plan is chosen). The survey checker
 * refuses any other, which would render empty.
 */
export function offerArguments(kind: RetentionOffer['kind'], success: boolean): (keyof OfferValues)[] {
  if (kind === 'discount') return ['percent', 'months'];
  return success ? ['plan'] : [];
}

/**
 * The offer steps this customer may be shown: the toolkit offers them, the customer is eligible,
 * and a downgrade has a smaller plan for their product group.
 */
export function availableOffers(survey: CompiledSurvey, audience: Audience, context: OfferContext): StepId[] {
  if (!context.eligible) return [];
  return Object.values(survey.audiences[audience].steps)
    .filter(isOfferStep)
    .filter((step) => step.offer.toolkits.includes(context.toolkit))
    .filter((step) => step.offer.kind === 'discount' || downgradePlans(step, context.productGroup).length > 0)
    .map((step) => step.id)
    .sort();
}
