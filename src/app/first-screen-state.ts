// What the server says of the first screen it rendered into the page (src/ssr/render.tsx), read by the
// page before it hydrates that screen (start.tsx). A survey's first step comes with the user load and
// the survey state both render it from, handed down as the survey page's props (App, SurveyPage).
import type { SurveyState } from '../engine';
import type { UserLoad } from './load-user';

/** The id of the JSON script that carries it. */
export const FIRST_SCREEN_STATE_ID = 'first-screen';

/**
 * The performance mark the page sets once its first screen listens: the server's screen hydrated, or
 * the page's own first render committed. A server-rendered control exists before it, but answers only then.
 */
export const LISTENING_MARK = 'cancel:listening';

/** The user load a page shows, as JSON carries it (no experiment: the server renders none). */
export type ServedLoad = Omit<Extract<UserLoad, { kind: 'ready' }>, 'shown'>;

/** A survey page's first step, as the server rendered it. */
export interface ServedSurvey {
  /** The binding's route, and the version of its survey. */
  route: string;
  version: string;
  /** What the user load gave, for the page's access rule. */
  load: ServedLoad;
  /** The survey's state: its first step, with the answer order the server drew. */
  state: SurveyState;
}

export interface FirstScreenState {
  /** The locale the server rendered in: the page hydrates only when it shows the same. */
  locale: string;
  survey?: ServedSurvey;
}

/**
 * The state of the server-rendered first screen, or null when the server rendered none or it is
 * unreadable. It is our own server's, so its shape is trusted but for the locale the page decides by;
 * a survey's route and version are compared where the page decides to hydrate (App), and its state is
 * checked against the compiled graph where it is used (restoreState in useSurvey).
 */
export function readFirstScreenState(): FirstScreenState | null {
  try {
    const state = JSON.parse(document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent ?? 'null') as FirstScreenState | null;
    return typeof state?.locale === 'string' ? state : null;
  } catch {
    return null;
  }
}
