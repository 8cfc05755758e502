import { describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../../src/i18n/languages';

describe('resolveLanguage (spec §2)', () => {
  it('takes the page’s language, reduced to ours', () => {
    expect(resolveLanguage('de', 'https://x.example/cancel/seo')).toBe('de');
    expect(resolveLanguage('pt-BR', 'https://x.example/cancel/seo')).toBe('pt');
    expect(resolveLanguage('ZH_cn', 'https://x.example/cancel/seo')).toBe('zh');
  });

  it('defaults to English', () => {
    expect(resolveLanguage('', 'https://x.example/cancel')).toBe('en');
    expect(resolveLanguage(null, 'https://x.example/cancel')).toBe('en');
    expect(resolveLanguage('xx', 'https://x.example/cancel')).toBe('en');
  });

  it('is always English when the URL contains plan', () => {
    expect(resolveLanguage('de', 'https://x.example/cancel/plan')).toBe('en');
    expect(resolveLanguage('fr', 'https://x.example/cancel/plan?step=final')).toBe('en');
  });
});
