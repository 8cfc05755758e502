import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledStep, OfferStep } from '../../../src/model';
import { fillOfferText, offerValues } from '../../../src/renderer/offer-text';
import { translateOfferText } from '../../../src/renderer/translate-offer';
import { cancellationSurvey } from '../engine/compiled';

function offer(step: CompiledStep | undefined): OfferStep {
  if (step?.type !== 'offer') throw new Error(`not an offer step: ${step?.id ?? 'none'}`);
  return step;
}

const steps = cancellationSurvey().audiences.paid.steps;
const discount = offer(steps['discount-offer']);
const downgrade = offer(steps['downgrade-offer']);

/** Activates a language whose catalog holds `messages` (English id → translation), compiled as the build does. */
function activate(locale: string, messages: Record<string, string>) {
  i18n.loadAndActivate({ locale, messages: Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)])) });
}

afterEach(() => activate('en', {}));

describe('offer texts', () => {
  it('fills the discount’s percent and months in every text that names them', () => {
    const values = offerValues(discount);
    expect(values).toEqual({ percent: 30, months: 3 });
    for (const text of [discount.heading, discount.body, discount.success.heading, discount.success.body]) {
      expect(fillOfferText(text, values)).not.toMatch(/\{(percent|months)\}/);
    }
    expect(fillOfferText(discount.heading, values)).toBe('Stay with us and save 30%');
  });

  it('names the chosen plan by its display name, translated', () => {
    expect(offerValues(downgrade, 'guru')).toEqual({ plan: 'Guru' });
    expect(offerValues(downgrade, 'guru', (name) => `«${name}»`)).toEqual({ plan: '«Guru»' });
    expect(fillOfferText(downgrade.success.body, offerValues(downgrade, 'pro'))).toBe(
      'You will be on the Pro plan from your next billing date. Your projects and data stay as they are.',
    );
  });

  it('leaves a placeholder without a value as written', () => {
    expect(fillOfferText('On {plan} for {months} months', { months: 2 })).toBe('On {plan} for 2 months');
  });

  it('translates by the English text with its placeholders, then fills them', () => {
    activate('de', {
      [discount.heading]: 'Bleiben Sie und sparen Sie {percent} %',
      [downgrade.success.body]: 'Ab Ihrem nächsten Abrechnungsdatum nutzen Sie den Tarif {plan}.',
    });
    expect(translateOfferText(discount.heading, offerValues(discount))).toBe('Bleiben Sie und sparen Sie 30 %');
    expect(translateOfferText(downgrade.success.body, { plan: 'Pro' })).toBe('Ab Ihrem nächsten Abrechnungsdatum nutzen Sie den Tarif Pro.');
    // A text the catalog does not hold yet stays English, still filled.
    expect(translateOfferText(discount.body, offerValues(discount))).toMatch(/^Keep every project.* pay 30% less for the next 3 months\.$/);
  });

  it('keeps the placeholders of an English catalog message (compiled, it would render them empty)', () => {
    activate('en', { [discount.heading]: discount.heading });
    expect(translateOfferText(discount.heading, offerValues(discount))).toBe('Stay with us and save 30%');
  });
});
