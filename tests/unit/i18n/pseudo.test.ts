// The pseudo-locale's marks (scripts/i18n/pseudo.mjs): brackets that show a cut-off text, padding
// that stands in for longer languages, placeholders left working.
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

  it('rewrites the module Lingui compiled', () => {
    const source = '/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{\\"a\\":[\\"Ŷēś\\"]}") as Messages;';
    const out = pseudoModule(source);
    expect(out.startsWith('/*eslint-disable*/import type{Messages}')).toBe(true);
    expect(out).toContain('⟦');
    expect(out.endsWith(' as Messages;')).toBe(true);
  });
});
