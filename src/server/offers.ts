/**
 * Offer data until the offers are declared in survey YAML (DESIGN §8): which toolkits have the
 * discount offer and the downgrade, the offer id recorded on acceptance, and the downgrade plans
 * per product group.
 */
export const OFFER_TOOLKITS: readonly string[] = ['seo', 'all-at-once'];

/** The id stored when a user accepts the retention discount. */
export const DISCOUNT_OFFER_ID = 'retention-discount';

/** Plans a user of each product group may downgrade to; groups not listed have none. */
export const DOWNGRADE_PLANS: Readonly<Record<string, readonly string[]>> = {
  BUSINESS: ['guru', 'pro'],
  GURU: ['pro'],
  PRO: [],
};

/** The plans offered to a user of `productGroup`. */
export function downgradePlansFor(productGroup: string): readonly string[] {
  return DOWNGRADE_PLANS[productGroup.toUpperCase()] ?? [];
}
