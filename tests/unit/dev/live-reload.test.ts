// The live-reload script after a good rebuild: a plain reload, except on a survey page when the survey
// changed, which opens its step again through /dev/open-step (the saved answers may no longer fit).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { savedStateKey } from '../../../src/server/dev/dev-survey';

const SCRIPT = readFileSync('scripts/dev/live-reload.js', 'utf8');

/** Runs the script on a page at `url`, sends it a reload event, and says what the page did. */
function afterReloadEvent(url: string, data: { build: number; picturesFollow: boolean }, savedSurvey = true): { assigned?: string; reloaded: boolean } {
  const listeners = new Map<string, (message: { data: string }) => void>();
  const page: { assigned?: string; reloaded: boolean } = { reloaded: false };
  const { pathname, search } = new URL(url, 'http://dev.test');
  const storage = new Map<string, string>();
  // The state the app keeps for a survey page it shows (src/app/saved-survey.ts).
  const route = /^\/cancel\/([^/?]+)/.exec(pathname)?.[1];
  if (savedSurvey && route) storage.set(savedStateKey(route), '{}');
  const window = {
    location: { pathname, search, reload: () => (page.reloaded = true), assign: (to: string) => (page.assigned = to) },
    sessionStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value), removeItem: (key: string) => storage.delete(key) },
    EventSource: class {
      addEventListener(type: string, listener: (message: { data: string }) => void) {
        listeners.set(type, listener);
      }
    },
    URLSearchParams,
  };
  runInNewContext(SCRIPT, { window, document: { querySelector: () => null, getElementById: () => null } });
  listeners.get('reload')?.({ data: JSON.stringify(data) });
  return page;
}

describe('live reload', () => {
  it('opens the survey page’s step again when the survey changed', () => {
    expect(afterReloadEvent('/cancel/seo?step=why-not-using', { build: 3, picturesFollow: true })).toEqual({ reloaded: false, assigned: '/dev/open-step?route=seo&or=start&step=why-not-using' });
    expect(afterReloadEvent('/cancel/all', { build: 3, picturesFollow: true })).toEqual({ reloaded: false, assigned: '/dev/open-step?route=all&or=start' });
  });

  it('reloads a survey page that shows no survey: one asking to sign in', () => {
    expect(afterReloadEvent('/cancel/seo', { build: 3, picturesFollow: true }, false)).toEqual({ reloaded: true });
  });

  it('reloads otherwise: no survey change, a page that is no survey step, an end screen', () => {
    expect(afterReloadEvent('/cancel/seo?step=why-not-using', { build: 3, picturesFollow: false })).toEqual({ reloaded: true });
    for (const url of ['/cancel', '/cancel/no-subscription', '/cancel/seo/confirm-unsubscribe?key=k', '/cancel/seo?step=done', '/cancel/seo?step=declare']) {
      expect(afterReloadEvent(url, { build: 3, picturesFollow: true }), url).toEqual({ reloaded: true });
    }
  });
});
