// The 14 catalogs are complete and each translation fits its English source: the same placeholders
// and tags, valid ICU, and plural forms wherever the language needs them.
import { describe, expect, it } from 'vitest';
import { readCatalogs } from '../../../scripts/i18n/catalog-files';
import { checkCatalogs } from '../../../scripts/i18n/catalog-problems';
import { placeholdersOf } from '../../../scripts/survey/placeholders';
import { surveyTexts } from '../../../scripts/i18n/survey-extractor';
import { compiledBundle } from '../engine/compiled';
import { catalog, pairs, pluralForms, TRANSLATED } from './catalogs';

/** Languages whose nouns change with the number (so an English plural stays a plural). */
const INFLECTING = ['es', 'fr', 'it', 'nl', 'pl', 'pt'];

describe('the catalogs', () => {
  it('have every text translated, valid ICU and the English placeholders (the build’s own check)', () => {
    const { source, translated } = readCatalogs();
    const problems = checkCatalogs(source, translated, surveyTexts(compiledBundle()));
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.code}: ${p.message}`)).toEqual([]);
  });

  it('hold every survey text, in all 14 languages', () => {
    const texts = surveyTexts(compiledBundle()).map((t) => t.text);
    for (const language of ['en', ...TRANSLATED]) {
      const own = catalog(language);
      expect(texts.filter((text) => !own.get(text)?.msgstr), language).toEqual([]);
    }
  });

  it('know which survey texts the survey storage records, with its caps: questions, answers, comment labels', () => {
    const caps = new Map(surveyTexts(compiledBundle()).map(({ text, cap }) => [text, cap]));
    expect(caps.get('What makes you unsure?')).toBe(500);
    expect(caps.get('I just wanted to try it out')).toBe(500);
    expect(caps.get('Have anything else to add?')).toBe(500);
    // Shown, not stored: a heading, a tip, a button, a field label that is not a comment's.
    for (const shown of ['We’re sorry to see you go', 'Before you go, see who links to your site.', 'Cancel subscription', 'Contact email']) {
      expect(caps.has(shown), shown).toBe(true);
      expect(caps.get(shown), shown).toBeUndefined();
    }
  });

  it('keep exactly the placeholders and tags of the English source in every translation', () => {
    for (const language of TRANSLATED) {
      for (const { english, translation } of pairs(language)) {
        expect(placeholdersOf(translation), `${language}: ${english}`).toEqual(placeholdersOf(english));
      }
    }
  });

  it('keep the English catalog as the spec words it', () => {
    const en = catalog('en');
    for (const text of [
      'We’re sorry to see you go',
      'Please let us know why you’re leaving',
      'Are you going to use any other service instead?',
      'What services will they be?',
      "I agree that all my projects will be deleted after 30 days starting the day I'm unsubscribed.",
      'Your subscription has been canceled',
      'Please choose an option.',
      'Please fill in this field.',
      'Please enter your comment within {count} characters.',
      'Please enter your name.',
      'Please enter your name within {count} characters.',
      'Please agree to the terms first.',
      'Please enter your email.',
      'Please enter your email address in the {email} format.',
      'Please enter your email within {count} characters.',
      'Please enter a comment.',
    ]) {
      expect(en.get(text)?.msgstr, text).toBe(text);
    }
  });

  it('use every plural form a number up to 2000 needs, wherever a translation counts', () => {
    let checked = 0;
    for (const language of TRANSLATED) {
      const rules = new Intl.PluralRules(language);
      const needed = [...new Set(Array.from({ length: 2001 }, (_, n) => rules.select(n)))];
      for (const { english, translation } of pairs(language)) {
        for (const forms of pluralForms(translation)) {
          checked += 1;
          expect(forms, `${language}: ${english}`).toEqual(expect.arrayContaining([...needed, 'other']));
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('keep English plurals plural in the languages whose nouns change with the number', () => {
    for (const language of INFLECTING) {
      for (const { english, translation } of pairs(language)) {
        if (english.includes(', plural,')) expect(translation, `${language}: ${english}`).toContain(', plural,');
      }
    }
  });

  it('count characters with plural forms in Polish, whose number words change with the last digits', () => {
    const pl = catalog('pl');
    for (const id of ['Please enter your comment within {count} characters.', 'Please enter your name within {count} characters.', 'You can enter up to {limit} characters']) {
      expect(pluralForms(pl.get(id)?.msgstr ?? ''), id).toEqual([['one', 'few', 'many', 'other']]);
    }
  });
});
