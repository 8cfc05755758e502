import { describe, expect, it } from 'vitest';
import { preferredLanguage } from '../../src/server/languages';

describe('preferredLanguage', () => {
  it('takes the primary subtag of the first range that is one of ours', () => {
    expect(preferredLanguage('de-CH')).toBe('de');
    expect(preferredLanguage('pt_BR')).toBe('pt');
    expect(preferredLanguage('ZH-Hant-TW, en;q=0.5')).toBe('zh');
    expect(preferredLanguage('gsw, ru;q=0.9, nl;q=0.8, en;q=0.7')).toBe('nl');
  });

  it('orders by quality, then by the order the header gives', () => {
    expect(preferredLanguage('fr;q=0.4, it;q=0.9, en')).toBe('en');
    expect(preferredLanguage('fr;q=0.4, it;q=0.9')).toBe('it');
    expect(preferredLanguage('sv;q=0.8, ko;q=0.8')).toBe('sv');
    expect(preferredLanguage('es;Q=0.3 , ja ;q=0.6')).toBe('ja');
  });

  it('never picks a range the browser refuses, or one with a quality it cannot read', () => {
    expect(preferredLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(preferredLanguage('de;q=abc, tr;q=0.2')).toBe('tr');
    expect(preferredLanguage('de;q=0')).toBeUndefined();
  });

  it('is undefined for no header, none of ours, a wildcard or nonsense', () => {
    expect(preferredLanguage(undefined)).toBeUndefined();
    expect(preferredLanguage('')).toBeUndefined();
    expect(preferredLanguage('ru, uk;q=0.8')).toBeUndefined();
    expect(preferredLanguage('*')).toBeUndefined();
    expect(preferredLanguage(';;,,;q=1')).toBeUndefined();
    expect(preferredLanguage('constructor, __proto__')).toBeUndefined();
  });

  it('reads a header sent more than once as one list', () => {
    expect(preferredLanguage(['ru', 'pl;q=0.9'])).toBe('pl');
  });
});
