import type { OfferStep } from '../model';

/** What an offer's texts may name: `{percent}` and `{months}` of a discount, `{plan}` of a downgrade. */
export interface OfferValues {
  percent?: number;
  months?: number;
  /** The chosen plan's display name. */
  plan?: string;
}

/**
 * The values of an offer step's placeholders. `plan` is the chosen plan's id; its display name
 * comes from the offer's `planNames`, through `translate` when given.
 */
export function offerValues(step: OfferStep, plan?: string, translate: (english: string) => string = (text) => text): OfferValues {
  const { offer } = step;
  if (offer.kind === 'discount') return { percent: offer.percent, months: offer.months };
  return plan === undefined ? {} : { plan: translate(offer.planNames[plan] ?? plan) };
}

/**
 * An offer text with its `{percent}`, `{months}` and `{plan}` filled. Fill after translating: the
 * catalogs hold the text with its placeholders. A placeholder without a value stays as written.
 */
export function fillOfferText(text: string, values: OfferValues): string {
  return text.replace(/\{(percent|months|plan)\}/g, (whole, name: keyof OfferValues) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
