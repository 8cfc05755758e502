// The pseudo-locale's marks (scripts/i18n/pseudo.mjs): brackets that show a cut-off text, padding
// that stands in for longer languages, placeholders left working.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { pseudoMessage, pseudoModule } from '../../../scripts/i18n/pseudo.mjs';

describe('the pseudo-locale', () => {
  it('brackets each message and pads it by a third', () => {
    expect(pseudoMessage(['Ćōńţĩńũē'])).toEqual(['⟦', 'Ćōńţĩńũē', '···', '⟧']);
    const withArgument = pseudoMessage(['Śţēƥ ', ['current'], ' ōƒ ', ['total']]);
    expect(withArgument[0]).toBe('⟦');
    expect(withArgument).toContainEqual(['current']);
    expect(withArgument.at(-1)).toBe('⟧');
  });

  it('keeps a plural working: each count takes its form inside the brackets, padded by its longest reading', () => {
    const plural: [string, string, Record<string, string[]>] = ['months', 'plural', { one: ['#', ' ḿōńţĥ'], other: ['#', ' ḿōńţĥś'] }];
    const marked = pseudoMessage(['Ƥàŷ ', plural, '.']);
    // 'Ƥàŷ ' + '# ḿōńţĥś' + '.' is 13 characters: 5 dots of padding.
    expect(marked).toEqual(['⟦', 'Ƥàŷ ', plural, '.', '·····', '⟧']);
    const i18n = setupI18n({ locale: 'en', messages: { en: { offer: marked } } });
    expect(i18n._('offer', { months: 1 })).toBe('⟦Ƥàŷ 1 ḿōńţĥ.·····⟧');
    expect(i18n._('offer', { months: 3 })).toBe('⟦Ƥàŷ 3 ḿōńţĥś.·····⟧');
  });

  it('rewrites the module Lingui compiled', () => {
    const source = '/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{\\"a\\":[\\"Ŷēś\\"]}") as Messages;';
    const out = pseudoModule(source);
    expect(out.startsWith('/*eslint-disable*/import type{Messages}')).toBe(true);
    expect(out).toContain('⟦');
    expect(out.endsWith(' as Messages;')).toBe(true);
  });
});
