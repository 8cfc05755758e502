// What the server says of the first screen it rendered into the page (src/ssr/render.tsx), read by the
// page before it hydrates that screen (main.tsx).

/** The id of the JSON script that carries it. */
export const FIRST_SCREEN_STATE_ID = 'first-screen';

export interface FirstScreenState {
  /** The locale the server rendered in: the page hydrates only when it shows the same. */
  locale: string;
}

/** The state of the server-rendered first screen, or null when the server rendered none (or it is unreadable). */
export function readFirstScreenState(doc: Document = document): FirstScreenState | null {
  const text = doc.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<FirstScreenState>;
    return typeof state.locale === 'string' ? { locale: state.locale } : null;
  } catch {
    return null;
  }
}
