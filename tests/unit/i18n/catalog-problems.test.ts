// The build's catalog check (scripts/i18n/check-catalogs.ts): every problem, at its file and line.
import { describe, expect, it } from 'vitest';
import { checkCatalogs, formatCatalogProblem, groupUntranslated, type CatalogInput } from '../../../scripts/i18n/catalog-problems';
import { readPo } from '../../../scripts/i18n/po-file';

const HEADER = 'msgid ""\nmsgstr ""\n"Language: xx\\n"\n\n';
const po = (entries: [string, string][]) => HEADER + entries.map(([id, str]) => `#: src/x.tsx\nmsgid "${id}"\nmsgstr "${str}"\n`).join('\n');
const input = (language: string, entries: [string, string][] | undefined): CatalogInput => ({
  language,
  file: `locales/${language}/messages.po`,
  entries: entries && readPo(po(entries)),
});

const ENGLISH: [string, string][] = [
  ['Continue', 'Continue'],
  ['Please enter your name within {count} characters.', 'Please enter your name within {count} characters.'],
  ['Read our <0>policy</0>.', 'Read our <0>policy</0>.'],
];

describe('checkCatalogs', () => {
  it('finds nothing wrong with complete catalogs', () => {
    const de = input('de', [
      ['Continue', 'Weiter'],
      ['Please enter your name within {count} characters.', 'Bitte höchstens {count} Zeichen.'],
      ['Read our <0>policy</0>.', 'Lesen Sie unsere <0>Richtlinie</0>.'],
    ]);
    expect(checkCatalogs(input('en', ENGLISH), [de])).toEqual([]);
  });

  it('reports every problem at its line: untranslated, missing, wrong placeholders, lost tags, broken ICU', () => {
    const fr = input('fr', [
      ['Continue', ''],
      ['Please enter your name within {count} characters.', 'Au plus {nombre} caractères.'],
      ['Read our <0>policy</0>.', 'Lisez notre politique.'],
    ]);
    const pl = input('pl', [
      ['Continue', 'Dalej'],
      ['Please enter your name within {count} characters.', 'Do {count, plural, one {# znaku} other {# znaków}.'],
    ]);
    const problems = checkCatalogs(input('en', ENGLISH), [fr, pl]).map((p) => formatCatalogProblem(p));
    expect(problems).toEqual([
      "locales/fr/messages.po:6:1: error untranslated: 'Continue' has no fr translation",
      "locales/fr/messages.po:10:1: error placeholders: the translation of 'Please enter your name within {count} characters.' has {nombre}, the English has {count}",
      "locales/fr/messages.po:14:1: error placeholders: the translation of 'Read our <0>policy</0>.' has none, the English has <0>, </0>",
      expect.stringMatching(/^locales\/pl\/messages\.po:1:1: error untranslated: 'Read our <0>policy<\/0>\.' is not in this catalog yet/),
      expect.stringMatching(/^locales\/pl\/messages\.po:10:1: error icu-syntax: the translation of 'Please enter your name/),
    ]);
  });

  it('reports a plural whose forms are not its language’s: one lacking, or one the language does not use', () => {
    const months = 'For {months, plural, one {# month} other {# months}}.';
    const english = input('en', [[months, months]]);
    const catalogs = [
      input('pl', [[months, 'Przez {months, plural, one {# miesiąc} other {# miesięcy}}.']]),
      input('ja', [[months, '{months, plural, one {#か月} other {#か月}}間。']]),
      // Spanish 'many' (a million) is not needed, and an exact form is always allowed.
      input('es', [[months, 'Durante {months, plural, =0 {ningún mes} one {# mes} other {# meses}}.']]),
      input('de', [[months, 'Für {months} Monate.']]),
    ];
    expect(checkCatalogs(english, catalogs).map((p) => formatCatalogProblem(p))).toEqual([
      "locales/ja/messages.po:6:1: error plural-forms: the translation of 'For {months, plural, one {# month} other {# months}}.': the plural of {months} has one, which ja does not use (ja needs other)",
      "locales/pl/messages.po:6:1: error plural-forms: the translation of 'For {months, plural, one {# month} other {# months}}.': the plural of {months} lacks few, many (pl needs few, many, one, other)",
    ]);
  });

  it('reports a translation of a stored survey text past the storage’s cap, counted in characters, at its line', () => {
    const answer = 'Too expensive';
    const english = input('en', [...ENGLISH, [answer, answer]]);
    const texts = [{ text: answer, origin: 'survey/cancellation.yaml', cap: 20 }];
    // 20 characters, emoji included (one character each, as the storage counts), then 21.
    const at = input('de', [...ENGLISH, [answer, 'Zu teuer 😀😀😀😀😀😀😀😀😀😀😀']]);
    const past = input('fr', [...ENGLISH, [answer, 'Beaucoup trop chère !']]);
    expect(checkCatalogs(english, [at, past], texts).map((p) => formatCatalogProblem(p))).toEqual([
      "locales/fr/messages.po:18:1: error text-too-long: the translation of 'Too expensive' is 21 characters, more than the survey storage takes (20): shorten it",
    ]);
  });

  it('reports a survey text that no catalog holds yet at the YAML file it came from', () => {
    const problems = checkCatalogs(input('en', ENGLISH), [], [{ text: 'A new answer', origin: 'survey/cancellation.yaml' }]);
    expect(problems.map((p) => formatCatalogProblem(p))).toEqual([
      "survey/cancellation.yaml:1:1: error not-extracted: 'A new answer' is in no catalog yet: run npm run i18n:extract, then translate it",
    ]);
  });

  it('groups untranslated problems per text, at the first catalog, when they are a to-do list', () => {
    const fr = input('fr', [
      ['Continue', ''],
      ['Please enter your name within {count} characters.', 'Au plus {nombre} caractères.'],
      ['Read our <0>policy</0>.', ''],
    ]);
    const pl = input('pl', [
      ['Continue', ''],
      ['Please enter your name within {count} characters.', 'Najwyżej {count} znaków.'],
      ['Read our <0>policy</0>.', 'Przeczytaj naszą <0>politykę</0>.'],
    ]);
    // sv has no entry for 'Continue' at all: as untranslated as an empty one.
    const sv = input('sv', [
      ['Please enter your name within {count} characters.', 'Högst {count} tecken.'],
      ['Read our <0>policy</0>.', 'Läs vår <0>policy</0>.'],
    ]);
    const grouped = groupUntranslated(checkCatalogs(input('en', ENGLISH), [fr, pl, sv])).map((p) => formatCatalogProblem(p, 'warning'));
    expect(grouped).toEqual([
      "locales/fr/messages.po:6:1: warning untranslated: 'Continue' has no translation in fr, pl, sv",
      // Other problems are left as they are.
      "locales/fr/messages.po:10:1: warning placeholders: the translation of 'Please enter your name within {count} characters.' has {nombre}, the English has {count}",
      // A text only one language lacks keeps its own message.
      "locales/fr/messages.po:14:1: warning untranslated: 'Read our <0>policy</0>.' has no fr translation",
    ]);
  });

  it('reports a missing catalog', () => {
    expect(checkCatalogs(input('en', ENGLISH), [input('sv', undefined)]).map((p) => p.code)).toEqual(['missing-catalog']);
  });
});

describe('readPo', () => {
  it('reads continued strings, escapes, comments and origins, and skips obsolete entries', () => {
    const entries = readPo(`${HEADER}#. Survey text\n#: survey/a.yaml\nmsgid ""\n"Say \\"hi\\""\nmsgstr "Sag \\"hallo\\""\n\n#~ msgid "Old"\n#~ msgstr "Alt"\n`);
    expect(entries).toEqual([{ msgid: 'Say "hi"', msgstr: 'Sag "hallo"', line: 7, comments: ['Survey text'], origins: ['survey/a.yaml'] }]);
  });
});
