import { i18n, translateSurveyText } from '../i18n';
import { fillOfferText, type OfferValues } from './offer-text';

/** Every placeholder an offer text may hold, given as itself, so rendering the message keeps it. */
const AS_WRITTEN = { percent: '{percent}', months: '{months}', plan: '{plan}' };

/**
 * An offer's survey text in the customer's language with `{percent}`, `{months}` and `{plan}`
 * filled. The catalog message id is the English text with its placeholders; the values are
 * filled after translating. translateSurveyText renders a catalog message without values, which
 * would drop the placeholders, so a text that has some is rendered with each as itself.
 */
export function translateOfferText(english: string, values: OfferValues): string {
  const hasPlaceholders = /\{(percent|months|plan)\}/.test(english);
  const translated = hasPlaceholders && i18n.messages[english] !== undefined ? i18n._(english, AS_WRITTEN) : translateSurveyText(english);
  return fillOfferText(translated, values);
}
