import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offerValues } from '../../../src/engine';
import { translateSurveyText } from '../../../src/i18n';
import { isStepOfType, LANGUAGES, type CompiledStep, type Language, type OfferStep } from '../../../src/model';
import { cancellationSurvey } from '../engine/compiled';
import { catalog } from '../i18n/catalogs';

function offer(step: CompiledStep | undefined): OfferStep {
  if (!isStepOfType(step, 'offer')) throw new Error(`not an offer step: ${step?.id ?? 'none'}`);
  return step;
}

const steps = cancellationSurvey().audiences.paid.steps;
const discount = offer(steps['discount-offer']);
const downgrade = offer(steps['downgrade-offer']);

/** Activates a language whose catalog holds `messages` (English id → translation), compiled as the build does. */
function activate(locale: string, messages: Record<string, string>) {
  i18n.loadAndActivate({ locale, messages: Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)])) });
}

beforeEach(() => activate('en', {}));
afterEach(() => activate('en', {}));

describe('offer texts', () => {
  it('fills the discount’s percent and months in every text that names them', () => {
    const values = offerValues(discount);
    expect(values).toEqual({ percent: 30, months: 3 });
    for (const text of [discount.heading, discount.body, discount.success.heading, discount.success.body]) {
      expect(translateSurveyText(text, values)).not.toMatch(/\{(percent|months)/);
    }
    expect(translateSurveyText(discount.heading, values)).toBe('Stay with us and save 30%');
  });

  it('names the chosen plan by its display name, translated', () => {
    expect(offerValues(downgrade, 'guru')).toEqual({ plan: 'Guru' });
    expect(offerValues(downgrade, 'guru', (name) => `«${name}»`)).toEqual({ plan: '«Guru»' });
    expect(translateSurveyText(downgrade.success.body, offerValues(downgrade, 'pro'))).toBe(
      'You will be on the Pro plan from your next billing date. Your projects and data stay as they are.',
    );
  });

  it('translates by the English ICU message, then renders it with the values', () => {
    activate('de', {
      [discount.heading]: 'Bleiben Sie und sparen Sie {percent} %',
      [downgrade.success.body]: 'Ab Ihrem nächsten Abrechnungsdatum nutzen Sie den Tarif {plan}.',
    });
    expect(translateSurveyText(discount.heading, offerValues(discount))).toBe('Bleiben Sie und sparen Sie 30 %');
    expect(translateSurveyText(downgrade.success.body, { plan: 'Pro' })).toBe('Ab Ihrem nächsten Abrechnungsdatum nutzen Sie den Tarif Pro.');
    // A text the catalog does not hold yet stays English, still filled (dev mode, I18N_ALLOW_MISSING=1).
    expect(translateSurveyText(discount.body, offerValues(discount))).toMatch(/^Keep every project.* pay 30% less for the next 3 months\.$/);
    expect(translateSurveyText(discount.body, { percent: 30, months: 1 })).toMatch(/ pay 30% less for the next 1 month\.$/);
  });

  it('keeps the placeholders of an English catalog message (compiled, it would render them empty)', () => {
    activate('en', { [discount.heading]: discount.heading });
    expect(translateSurveyText(discount.heading, offerValues(discount))).toBe('Stay with us and save 30%');
  });
});

/** A discount of `months` months, otherwise the shipped one. */
function discountFor(months: number): OfferStep {
  if (discount.offer.kind !== 'discount') throw new Error('discount-offer is not a discount');
  return { ...discount, offer: { ...discount.offer, months } };
}

/**
 * How each language writes 1 month and 3 months in the discount's body and success body. Where the
 * two differ but for the number (`1 month` / `3 months`), the language's noun follows the number.
 */
const MONTHS: Record<Language, { one: string; three: string }> = {
  de: { one: '1 Monat', three: '3 Monate' },
  en: { one: '1 month', three: '3 months' },
  es: { one: '1 mes', three: '3 meses' },
  fr: { one: '1 mois', three: '3 prochains mois' },
  it: { one: '1 mese', three: '3 mesi' },
  ja: { one: '1か月', three: '3か月' },
  ko: { one: '1개월', three: '3개월' },
  nl: { one: '1 maand', three: '3 maanden' },
  pl: { one: '1 miesiąc', three: '3 miesiące' },
  pt: { one: '1 mês', three: '3 meses' },
  sv: { one: '1 månad', three: '3 månader' },
  tr: { one: '1 ay', three: '3 ay' },
  vi: { one: '1 tháng', three: '3 tháng' },
  zh: { one: '1 个月', three: '3 个月' },
};

const withoutNumbers = (text: string) => text.replace(/\d+/g, '#');

describe.each(LANGUAGES)('a discount of 1 and of 3 months in %s', (language) => {
  const own = catalog(language);
  const texts = [discount.body, discount.success.body];
  const render = (months: number) => {
    const step = discountFor(months);
    return texts.map((text) => translateSurveyText(text, offerValues(step)));
  };

  beforeEach(() => {
    // The shipped catalog, compiled as the build does: each message from its translation.
    activate(language, Object.fromEntries(texts.map((text) => [text, own.get(text)?.msgstr ?? ''])));
  });

  it('reads with the language’s own plural form', () => {
    const { one, three } = MONTHS[language];
    const [once, thrice] = [render(1), render(3)];
    for (const [index, text] of texts.entries()) {
      expect(once[index], text).toContain(one);
      expect(thrice[index], text).toContain(three);
      for (const rendered of [once[index], thrice[index]]) expect(rendered, text).not.toMatch(/[{}]/);
      expect(once[index]).not.toBe(thrice[index]);
      // 1 takes the singular where the language has one: never '1 months'.
      if (withoutNumbers(one) !== withoutNumbers(three)) {
        expect(once[index]).not.toContain(three.replace('3', '1'));
        expect(withoutNumbers(once[index] ?? '')).not.toBe(withoutNumbers(thrice[index] ?? ''));
      }
    }
  });

  if (language === 'pl') {
    it('uses every Polish form: one, few, many and other', () => {
      expect(render(1)[0]).toContain('przez 1 miesiąc.');
      expect(render(3)[0]).toContain('przez kolejne 3 miesiące.');
      expect(render(22)[0]).toContain('przez kolejne 22 miesiące.');
      expect(render(5)[0]).toContain('przez kolejnych 5 miesięcy.');
      expect(render(12)[1]).toMatch(/^Przez kolejnych 12 miesięcy, /);
    });
  }
});
