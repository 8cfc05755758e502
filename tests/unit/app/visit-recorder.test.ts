// The page's visit recorder: a visit starts with its `visit` event and goes on after a reload; events
// go out as they happen, one batch at a time; a failed batch goes again with the next; what is left
// when the page is hidden goes with a beacon, with a `leave` event and the CSRF token in the body.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../src/api/csrf';
import type { VisitEventBatch } from '../../../src/model';
import { startVisit } from '../../../src/app/visit-recorder';

let storage: Map<string, string>;
let listeners: Map<string, () => void>;
let beacons: { url: string; body: Blob }[];

beforeEach(() => {
  storage = new Map();
  listeners = new Map();
  beacons = [];
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => void listeners.set(type, listener));
  vi.stubGlobal('removeEventListener', (type: string) => void listeners.delete(type));
  vi.stubGlobal('navigator', { sendBeacon: (url: string, body: Blob) => beacons.push({ url, body }) > 0 });
  setCsrfToken('token-1');
});
afterEach(() => vi.unstubAllGlobals());

/** An API whose batches are answered by the test: each call waits until `settle` is called. */
function manualApi() {
  const sent: { batch: VisitEventBatch; settle: (ok: boolean) => void }[] = [];
  const api = {
    recordVisitEvents: (batch: VisitEventBatch) =>
      new Promise<unknown>((resolve, reject) => sent.push({ batch, settle: (ok) => (ok ? resolve({}) : reject(new Error('offline'))) })),
  };
  return { api, sent };
}

const scope = (api: ReturnType<typeof manualApi>['api'], user = '1001', version = 'abcdef012345') => ({ api, route: 'seo', user, toolkit: 'seo', version, language: 'de' as const });
const types = (batch: VisitEventBatch | undefined) => batch?.events.map((event) => event.type + (event.step ? `:${event.step}` : ''));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the visit recorder', () => {
  it('starts a visit with its event, sends one batch at a time, and sends a failed batch again with the next', async () => {
    const { api, sent } = manualApi();
    const recorder = startVisit(scope(api));
    expect(recorder.visit).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    recorder.record([{ type: 'step', step: 'reason' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch).toMatchObject({ visit: recorder.visit, toolkit: 'seo', version: 'abcdef012345', language: 'de' });
    expect(types(sent[0]?.batch)).toEqual(['visit']);
    sent[0]?.settle(true);
    await flush();
    expect(types(sent[1]?.batch)).toEqual(['step:reason']);
    sent[1]?.settle(false);
    await flush();
    recorder.record([{ type: 'answer', step: 'reason', answer: 'other' }]);
    expect(types(sent[2]?.batch)).toEqual(['step:reason', 'answer:reason']);
    expect(sent[2]?.batch.events[0]?.id).toBe(sent[1]?.batch.events[0]?.id);
    expect(sent[2]?.batch.csrf_token).toBeUndefined();
  });

  it('goes on with the same visit after a reload, without a new visit event; a new visit for another user, and once it ended', () => {
    const { api, sent } = manualApi();
    const first = startVisit(scope(api));
    first.stop();
    const reloaded = startVisit(scope(api));
    expect(reloaded.visit).toBe(first.visit);
    expect(sent).toHaveLength(1);
    expect(startVisit(scope(api, '1002')).visit, 'another user signed in in the tab').not.toBe(first.visit);
    const deployed = startVisit(scope(api, '1001', '0123456789ab'));
    expect(deployed.visit, 'a reload that shows a new version of the survey').not.toBe(first.visit);
    expect(types(sent.at(-1)?.batch)).toEqual(['visit']);
    expect(sent.at(-1)?.batch.version).toBe('0123456789ab');
    reloaded.end();
    reloaded.stop();
    expect(startVisit(scope(api)).visit).not.toBe(first.visit);
  });

  it('sends what waits, with a leave event, by beacon when the page is hidden: JSON as text/plain with the CSRF token', async () => {
    const { api } = manualApi();
    const recorder = startVisit(scope(api));
    recorder.record([{ type: 'step', step: 'reason' }]);
    listeners.get('pagehide')?.();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/cancel/api/visit-events/');
    expect(beacons[0]?.body.type).toBe('text/plain');
    const body = JSON.parse(await (beacons[0]?.body as Blob).text()) as VisitEventBatch;
    expect(types(body)).toEqual(['visit', 'step:reason', 'leave']);
    expect(body).toMatchObject({ visit: recorder.visit, csrf_token: 'token-1' });
  });
});
