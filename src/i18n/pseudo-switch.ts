// The development switch to the pseudo-locale: `?lang=pseudo` on any page turns it on for the tab,
// `?lang=` with anything else turns it off. It only has an effect where the server allows it
// (`<meta name="i18n-pseudo-locale">`, written outside production), so customers never see it.

const PARAM = 'lang';
const PSEUDO = 'pseudo';
const STORAGE_KEY = 'cancel:lang';
/** The meta tag by which the server allows the pseudo-locale. */
export const PSEUDO_META = 'i18n-pseudo-locale';

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function tabStore(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether the server allows the pseudo-locale on this page. */
export function pseudoAllowed(doc: Pick<Document, 'querySelector'>): boolean {
  return doc.querySelector(`meta[name="${PSEUDO_META}"]`) !== null;
}

/** Whether the pseudo-locale is asked for: by the URL, or earlier in this tab. Remembers the URL's choice. */
export function pseudoWanted(url: string, store: KeyValueStore | null = tabStore()): boolean {
  let asked: string | null = null;
  try {
    asked = new URL(url, 'http://localhost').searchParams.get(PARAM);
  } catch {
    asked = null;
  }
  try {
    if (asked === PSEUDO) store?.setItem(STORAGE_KEY, PSEUDO);
    else if (asked !== null) store?.removeItem(STORAGE_KEY);
    return store?.getItem(STORAGE_KEY) === PSEUDO || asked === PSEUDO;
  } catch {
    return asked === PSEUDO;
  }
}
