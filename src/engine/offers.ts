import type { Audience, CompiledSurvey, OfferStep, StepId } from '../model';

/** What decides whether a customer may be shown a retention offer. */
export interface OfferContext {
  /** The toolkit the page cancels. */
  toolkit: string;
  /** The eligible-for-offer call answered `result: true`. */
  eligible: boolean;
  /** The user's `product_group`: a downgrade needs smaller plans for it. */
  productGroup: string;
}

/**
 * The plans a downgrade offer proposes to this product group (none for a discount). The YAML names
 * product groups in capitals (BUSINESS); the user's field is read the same way whatever its case, as
 * the server reads it, so the page never offers what the server would refuse.
 */
export function downgradePlans(step: OfferStep, productGroup: string): string[] {
  return step.offer.kind === 'downgrade' ? (step.offer.plans[productGroup.toUpperCase()] ?? []) : [];
}

/** Whether any offer of the survey could be shown on this toolkit's page: worth asking about eligibility. */
export function toolkitHasOffers(survey: CompiledSurvey, toolkit: string): boolean {
  return Object.values(survey.audiences).some((flow) =>
    Object.values(flow.steps).some((step) => step.type === 'offer' && step.offer.toolkits.includes(toolkit)),
  );
}

/**
 * The offer steps this customer may be shown: the toolkit offers them, the customer is eligible,
 * and a downgrade has a smaller plan for their product group.
 */
export function availableOffers(survey: CompiledSurvey, audience: Audience, context: OfferContext): StepId[] {
  if (!context.eligible) return [];
  return Object.values(survey.audiences[audience].steps)
    .filter((step): step is OfferStep => step.type === 'offer')
    .filter((step) => step.offer.toolkits.includes(context.toolkit))
    .filter((step) => step.offer.kind === 'discount' || downgradePlans(step, context.productGroup).length > 0)
    .map((step) => step.id)
    .sort();
}
