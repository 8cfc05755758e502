// Each language's typography (issue #6): French narrow no-break spaces and guillemets, German and
// Polish low-high quotes, Spanish opening marks, full-width punctuation in Japanese and Chinese,
// Western punctuation in Korean, and typographic apostrophes.
import { describe, expect, it } from 'vitest';
import { pairs, TRANSLATED, wordsOf } from './catalogs';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('typography', () => {
  it('puts a narrow no-break space before ? ! : ; % and inside « » in French', () => {
    for (const { english, translation } of pairs('fr')) {
      const words = wordsOf(translation);
      for (const match of words.matchAll(/[?!:;%»]/g)) {
        expect(words[(match.index ?? 0) - 1], `fr: ${english}: before ${match[0]}`).toBe(NNBSP);
      }
      for (const match of words.matchAll(/«/g)) expect(words[(match.index ?? 0) + 1], `fr: ${english}: after «`).toBe(NNBSP);
      expect(translation, `fr: ${english}`).not.toMatch(/['"]/);
    }
  });

  it('uses „…“ quotes in German and „…” in Polish, never straight quotes', () => {
    for (const [language, close] of [['de', '“'], ['pl', '”']] as const) {
      for (const { english, translation } of pairs(language)) {
        expect(translation, `${language}: ${english}`).not.toMatch(/"/);
        expect((translation.match(/„/g) ?? []).length, `${language}: ${english}`).toBe(translation.split(close).length - 1);
      }
    }
  });

  it('keeps the number and the percent sign together where the language spaces them', () => {
    for (const language of ['de', 'es', 'sv']) {
      for (const { english, translation } of pairs(language)) {
        if (english.includes('%')) expect(translation, `${language}: ${english}`).toContain(`}${NBSP}%`);
      }
    }
    for (const { english, translation } of pairs('tr')) if (english.includes('%')) expect(translation, `tr: ${english}`).toContain('%{percent}');
  });

  it('opens Spanish questions with ¿ and exclamations with ¡', () => {
    for (const { english, translation } of pairs('es')) {
      expect((translation.match(/¿/g) ?? []).length, `es: ${english}`).toBe((translation.match(/\?/g) ?? []).length);
      expect((translation.match(/¡/g) ?? []).length, `es: ${english}`).toBe((translation.match(/!/g) ?? []).length);
    }
  });

  it('uses full-width punctuation in Japanese and Chinese', () => {
    for (const language of ['ja', 'zh']) {
      for (const { english, translation } of pairs(language)) {
        const words = wordsOf(translation);
        expect(words, `${language}: ${english}`).not.toMatch(/[?!,:;()]|\.(\s|$)/);
        if (/\.$/.test(english)) expect(translation, `${language}: ${english}`).toMatch(/。$/);
        // A question stays a question (not a polite request), with the full-width mark.
        if (/\?$/.test(english)) expect(translation, `${language}: ${english}`).toMatch(/？$/);
      }
    }
  });

  it('uses Western punctuation in Korean', () => {
    for (const { english, translation } of pairs('ko')) expect(translation, `ko: ${english}`).not.toMatch(/[。，？！：；（）]/);
  });

  it('keeps one register within a Korean message: its statements end in -니다 or in -요, not both', () => {
    for (const { english, translation } of pairs('ko')) {
      // Questions in -요 are the catalog's polite questions, and requests in -세요 (-해 주세요) go with
      // either register; only the other statements are compared.
      const statements = wordsOf(translation).split(/(?<=[.!?])\s+/).filter((sentence) => !sentence.trim().endsWith('?'));
      const ending = (sentence: string): string[] => {
        const text = sentence.trim().replace(/[.!]$/, '');
        if (text.endsWith('니다')) return ['formal'];
        return text.endsWith('요') && !text.endsWith('세요') ? ['polite'] : [];
      };
      const endings = new Set(statements.flatMap(ending));
      expect([...endings], `ko: ${english}: ${translation}`).not.toEqual(expect.arrayContaining(['formal', 'polite']));
    }
  });

  it('has typographic apostrophes and no stray spaces in every language', () => {
    for (const language of TRANSLATED) {
      for (const { english, translation } of pairs(language)) {
        if (['fr', 'it'].includes(language)) expect(translation, `${language}: ${english}`).not.toContain("'");
        expect(translation, `${language}: ${english}`).toBe(translation.trim());
        expect(translation, `${language}: ${english}`).not.toMatch(/ {2}| [.,]/);
      }
    }
  });
});
