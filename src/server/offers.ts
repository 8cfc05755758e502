import type { CompiledBundle, CompiledOfferRef } from '../model';

/** The retention offers of a toolkit, as declared in the survey YAML (DESIGN §8). */
export interface ToolkitOffers {
  /** The discount offers (their survey step ids), in bundle order. */
  discounts: string[];
  /** The plans offered to a user of `productGroup`, in the order the YAML lists them. */
  downgradePlans(productGroup: string): string[];
}

/** The offers the bundle declares for a toolkit; none when the YAML offers it nothing. */
export function offersFor(bundle: CompiledBundle, toolkit: string): ToolkitOffers {
  const offers = bundle.offers.filter((offer: CompiledOfferRef) => offer.toolkits.includes(toolkit));
  return {
    discounts: offers.filter((offer) => offer.kind === 'discount').map((offer) => offer.step),
    downgradePlans: (productGroup) => [
      ...new Set(offers.flatMap((offer) => (offer.kind === 'downgrade' ? (offer.plans[productGroup.toUpperCase()] ?? []) : []))),
    ],
  };
}

/** Whether the toolkit has any retention offer at all (the offer calls exist only then). */
export function hasOffers(bundle: CompiledBundle, toolkit: string): boolean {
  return bundle.offers.some((offer) => offer.toolkits.includes(toolkit));
}
