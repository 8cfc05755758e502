// Records a visit of the survey screen for retention insights (POST visit-events/, our addition to
// spec §7): events go out as they happen, in batches of what is waiting; a failed batch waits for the
// next one; what is left when the page is hidden goes with navigator.sendBeacon, which outlives the
// page. Never a text the customer typed: ids only. A failure never reaches the customer.
import type { ApiClient } from '../api';
import { csrfToken } from '../api/csrf';
import type { VisitEventDraft } from '../engine/visit-events';

/** The engine's reading of the survey states as events, loaded with the recorder. */
export { shownEvents, takenEvents } from '../engine/visit-events';
import { VISIT_BATCH_MAX_EVENTS, type Language, type VisitEvent, type VisitEventBatch } from '../model';

/**
 * Where the tab keeps its visit of a page, per user and survey version: a sign-in as someone else in
 * the same tab starts their own, and so does a reload that shows a new version of the survey, whose
 * events and submission count under that version.
 */
const VISIT_KEY = (route: string, user: string, version: string) => `cancel:visit:${route}:${user}:${version}`;
const EVENTS_URL = '/cancel/api/visit-events/';

/** A random version-4 UUID (crypto.randomUUID is only there in secure contexts). */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, visit: string | null): void {
  try {
    if (visit === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, visit);
  } catch {
    // Without storage a reload starts a new visit; nothing else is lost.
  }
}

export interface VisitRecorder {
  /** The visit's id, which the survey payload carries. */
  readonly visit: string;
  record(events: readonly VisitEventDraft[]): void;
  /** The visit has ended (sent or saved): the page's next survey is a new visit. Events may still follow. */
  end(): void;
  /** Stops listening for the page being hidden. */
  stop(): void;
}

export interface VisitScope {
  api: Pick<ApiClient, 'recordVisitEvents'>;
  route: string;
  /** The signed-in user's id. */
  user: string;
  toolkit: string;
  version: string;
  language: Language;
}

/** Starts recording the page's visit: the one this tab had under way on the page (a reload), or a new one. */
export function startVisit({ api, route, user, toolkit, version, language }: VisitScope): VisitRecorder {
  const key = VISIT_KEY(route, user, version);
  const resumed = stored(key);
  const visit = resumed ?? uuid();
  store(key, visit);
  let waiting: VisitEvent[] = [];
  let sending = false;
  const batch = (events: VisitEvent[]): VisitEventBatch => ({ visit, toolkit, version, language, events });

  const send = () => {
    if (sending || waiting.length === 0) return;
    sending = true;
    const events = waiting.slice(0, VISIT_BATCH_MAX_EVENTS);
    api.recordVisitEvents(batch(events)).then(
      () => {
        waiting = waiting.filter((event) => !events.includes(event));
        sending = false;
        send();
      },
      () => {
        sending = false;
      },
    );
  };
  const record = (drafts: readonly VisitEventDraft[]) => {
    waiting.push(...drafts.map((draft) => ({ id: uuid(), ...draft })));
    send();
  };
  const onHide = () => {
    const events = [...waiting, { id: uuid(), type: 'leave' as const }].slice(-VISIT_BATCH_MAX_EVENTS);
    waiting = [];
    const body = JSON.stringify({ ...batch(events), csrf_token: csrfToken() });
    // text/plain: the one JSON-carrying type a beacon sends without a preflight.
    navigator.sendBeacon(EVENTS_URL, new Blob([body], { type: 'text/plain' }));
  };
  addEventListener('pagehide', onHide);
  if (resumed === null) record([{ type: 'visit' }]);
  return {
    visit,
    record,
    end: () => store(key, null),
    stop: () => removeEventListener('pagehide', onHide),
  };
}
