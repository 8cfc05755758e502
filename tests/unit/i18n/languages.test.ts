// Which locale a page shows (spec §2): the page's setting, English for a language we do not ship,
// always English on a 'plan' page, and the pseudo-locale only where the server allows it.
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE, resolveLanguage, resolveLocale } from '../../../src/i18n/languages';
import { pseudoAllowed, pseudoWanted, PSEUDO_META } from '../../../src/i18n/pseudo-switch';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe('resolveLanguage', () => {
  it('reads the path, not the query: a key or a step that holds "plan" keeps the customer’s language', () => {
    expect(resolveLanguage('de', 'https://x.example/cancel/seo/confirm-unsubscribe?key=abcplanxyz')).toBe('de');
    expect(resolveLanguage('de', 'https://x.example/cancel/plan')).toBe('en');
    expect(resolveLanguage('ja', '/cancel/plan?step=final')).toBe('en');
  });
});

describe('resolveLocale', () => {
  const page = { pageLanguage: 'de', url: 'https://x.example/cancel/seo', pseudoAllowed: false, pseudoWanted: false };

  it('is the page’s language, or English for one we do not ship', () => {
    expect(resolveLocale(page)).toBe('de');
    expect(resolveLocale({ ...page, pageLanguage: 'ru' })).toBe('en');
  });

  it('is the pseudo-locale only when the server allows it and it is asked for', () => {
    expect(resolveLocale({ ...page, pseudoWanted: true })).toBe('de');
    expect(resolveLocale({ ...page, pseudoAllowed: true })).toBe('de');
    expect(resolveLocale({ ...page, pseudoAllowed: true, pseudoWanted: true })).toBe(PSEUDO_LOCALE);
  });

  it('is English on a plan page, pseudo-locale or not', () => {
    expect(resolveLocale({ ...page, url: 'https://x.example/cancel/plan', pseudoAllowed: true, pseudoWanted: true })).toBe('en');
  });
});

describe('the pseudo-locale switch', () => {
  it('is allowed by the server’s meta tag only', () => {
    expect(pseudoAllowed({ querySelector: (s: string) => (s === `meta[name="${PSEUDO_META}"]` ? ({} as Element) : null) })).toBe(true);
    expect(pseudoAllowed({ querySelector: () => null })).toBe(false);
  });

  it('turns on with ?lang=pseudo for the tab, and off with any other ?lang', () => {
    const store = memoryStore();
    expect(pseudoWanted('https://x.example/cancel/seo', store)).toBe(false);
    expect(pseudoWanted('https://x.example/cancel/seo?lang=pseudo', store)).toBe(true);
    expect(pseudoWanted('https://x.example/cancel/seo?step=final', store)).toBe(true);
    expect(pseudoWanted('https://x.example/cancel/seo?lang=de', store)).toBe(false);
    expect(pseudoWanted('https://x.example/cancel/seo', store)).toBe(false);
  });
});
