// Answers kept in sessionStorage per toolkit page, so a reload or Back loses nothing (DESIGN §8).
import { enteredTexts, restoreState, type SurveyState } from '../engine';
import type { CompiledSurvey, DeclarationReceipt } from '../model';

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const STATE_KEY_PREFIX = 'cancel:survey:';
const stateKey = (route: string) => `${STATE_KEY_PREFIX}${route}`;
const doneKey = (route: string) => `cancel:done:${route}`;

/** A store whose keys can be listed, as sessionStorage's can. */
interface ListableStore extends KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
}

/** sessionStorage when the browser lets us use it; a throw-away store otherwise (private modes). */
function store(): ListableStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The saved survey state of a page, unparsed-safe (the engine's restoreState validates it). */
export function readSavedState(route: string, from: KeyValueStore | null = store()): unknown {
  try {
    const text = from?.getItem(stateKey(route));
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * What the customer typed on any survey of this tab, from the saved states: error reports scrub it
 * wherever it turns up, even after the step that showed it is gone.
 */
export function savedEnteredTexts(surveys: Readonly<Record<string, CompiledSurvey>>, from: ListableStore | null = store()): string[] {
  const texts: string[] = [];
  try {
    for (let index = 0; from && index < from.length; index++) {
      const key = from.key(index);
      if (!key?.startsWith(STATE_KEY_PREFIX)) continue;
      const saved = readSavedState(key.slice(STATE_KEY_PREFIX.length), from) as Partial<SurveyState> | null;
      const survey = typeof saved?.surveyId === 'string' ? surveys[saved.surveyId] : undefined;
      const state = survey && saved?.audience ? restoreState(survey, saved.audience, saved) : null;
      if (survey && state) texts.push(...enteredTexts(survey, state));
    }
  } catch {
    // A blocked storage holds nothing to scrub.
  }
  return texts;
}

export function saveState(route: string, state: SurveyState, to: KeyValueStore | null = store()): void {
  try {
    to?.setItem(stateKey(route), JSON.stringify(state));
  } catch {
    // A full or blocked storage only costs the reload safety net.
  }
}

/** Forgets the answers (after a successful submission) and remembers the page was completed. */
export function markSubmitted(route: string, to: KeyValueStore | null = store()): void {
  try {
    to?.removeItem(stateKey(route));
    to?.setItem(doneKey(route), '1');
  } catch {
    // See saveState.
  }
}

/** Whether the page's survey was submitted in this tab (the confirmation survives a reload). */
export function wasSubmitted(route: string, from: KeyValueStore | null = store()): boolean {
  try {
    return from?.getItem(doneKey(route)) === '1';
  } catch {
    return false;
  }
}

export function clearSubmitted(route: string, from: KeyValueStore | null = store()): void {
  try {
    from?.removeItem(doneKey(route));
  } catch {
    // See saveState.
  }
}

const retainedKey = (route: string) => `cancel:retained:${route}`;

/** What the customer accepted instead of cancelling: the offer step, and the plan of a downgrade. */
export interface RetainedOutcome {
  offer: string;
  plan?: string;
}

/** Forgets the answers (the survey is not sent) and remembers the accepted offer, so its success screen survives a reload. */
export function markRetained(route: string, outcome: RetainedOutcome, to: KeyValueStore | null = store()): void {
  try {
    to?.removeItem(stateKey(route));
    to?.setItem(retainedKey(route), JSON.stringify(outcome));
  } catch {
    // See saveState.
  }
}

/** The offer accepted on this page in this tab, if any. */
export function retainedOutcome(route: string, from: KeyValueStore | null = store()): RetainedOutcome | null {
  try {
    const text = from?.getItem(retainedKey(route));
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { offer, plan } = value as Record<string, unknown>;
    if (typeof offer !== 'string' || (plan !== undefined && typeof plan !== 'string')) return null;
    return plan === undefined ? { offer } : { offer, plan };
  } catch {
    return null;
  }
}

const receiptKey = (route: string) => `cancel:receipt:${route}`;

/** Remembers the receipt of a cancellation that took effect at once, so its confirmation survives a reload. */
export function saveReceipt(route: string, receipt: DeclarationReceipt, to: KeyValueStore | null = store()): void {
  try {
    to?.setItem(receiptKey(route), JSON.stringify(receipt));
  } catch {
    // See saveState.
  }
}

/** Forgets the receipt (a later submission on the page confirms by email). */
export function clearReceipt(route: string, from: KeyValueStore | null = store()): void {
  try {
    from?.removeItem(receiptKey(route));
  } catch {
    // See saveState.
  }
}

/** The receipt of an immediate cancellation made on this page in this tab, if any. */
export function savedReceipt(route: string, from: KeyValueStore | null = store()): DeclarationReceipt | null {
  try {
    const text = from?.getItem(receiptKey(route));
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { effect, reference, declared_at: declaredAt, email } = value as Record<string, unknown>;
    return effect === 'immediate' && typeof reference === 'string' && typeof declaredAt === 'string' && typeof email === 'string'
      ? (value as DeclarationReceipt)
      : null;
  } catch {
    return null;
  }
}
