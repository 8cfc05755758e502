// The user starts loading with the page's code rather than once its screen has rendered: on a slow
// connection that is a round trip less before the first question shows.
import type { ApiClient } from '../api';
import { loadUser, type PageAccess, type UserLoad } from './load-user';

interface EarlyLoad {
  api: ApiClient;
  page: PageAccess;
  load: Promise<UserLoad>;
}

let early: EarlyLoad | null = null;
/** Only the page's first screen is prefetched; early.ts and start.tsx both ask, whichever runs first starts it. */
let prefetched = false;

const samePage = (a: PageAccess, b: PageAccess) => JSON.stringify(a) === JSON.stringify(b);

/** Starts loading the user (spec §4) for the page's first screen, once; its outcome waits for the screen. */
export function prefetchUser(api: ApiClient, page: PageAccess): void {
  if (prefetched) return;
  prefetched = true;
  const load = loadUser(api, page);
  // The screen that takes it handles a failure; until then it is no unhandled rejection.
  load.catch(() => undefined);
  early = { api, page, load };
}

/**
 * The user load of a screen: the one started early, when it was for the same client and access
 * rule and no screen has taken it yet, else a new one. A failed early load is the screen's failure,
 * as if it had asked itself (its Try again asks anew).
 */
export function takeUserLoad(api: ApiClient, page: PageAccess): Promise<UserLoad> {
  const taken = early;
  early = null;
  return taken && taken.api === api && samePage(taken.page, page) ? taken.load : loadUser(api, page);
}
