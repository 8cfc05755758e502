// One term per language for 'subscription', 'toolkit', 'cancel' and 'plan' across every screen:
// each translation of an English text that names one of them uses the term locales/GLOSSARY.md
// gives (its summary table holds the pattern this test matches).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairs, TRANSLATED, wordsOf } from './catalogs';

const TERMS = {
  subscription: /subscription/i,
  toolkit: /toolkit/i,
  cancel: /\bcancel/i,
  plan: /\bplans?\b/i,
} as const;
type Term = keyof typeof TERMS;

/** The summary table of the glossary: language → term → the pattern its translations must match. */
function glossary(): Map<string, Record<Term, RegExp>> {
  const rows = readFileSync('locales/GLOSSARY.md', 'utf8').split('\n').filter((line) => /^\| *[a-z]{2} *\|/.test(line));
  const table = new Map<string, Record<Term, RegExp>>();
  for (const row of rows) {
    const cells = row.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim().replace(/\\\|/g, '|'));
    const pattern = (cell: string | undefined) => {
      const literal = /`\/(.+)\/([a-z]*)`/.exec(cell ?? '');
      if (!literal) throw new Error(`GLOSSARY.md: no pattern in '${cell ?? ''}' (row ${row})`);
      return new RegExp(literal[1] ?? '', literal[2]);
    };
    table.set(cells[0] ?? '', { subscription: pattern(cells[1]), toolkit: pattern(cells[2]), cancel: pattern(cells[3]), plan: pattern(cells[4]) });
  }
  return table;
}

describe('the glossary', () => {
  const table = glossary();

  it('has a row for each of the 13 translated languages', () => {
    expect([...table.keys()].sort()).toEqual([...TRANSLATED].sort());
  });

  for (const language of TRANSLATED) {
    it(`is followed in ${language}`, () => {
      const terms = table.get(language);
      if (!terms) throw new Error(`no glossary row for ${language}`);
      for (const { english, translation } of pairs(language)) {
        for (const term of Object.keys(TERMS) as Term[]) {
          if (TERMS[term].test(wordsOf(english))) expect(wordsOf(translation), `${language} '${term}': ${english}`).toMatch(terms[term]);
        }
      }
    });
  }
});
