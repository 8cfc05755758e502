// Whether the page's code comes to run, and the notice when it does not: the server writes the notice
// into the page as a template (src/server/boot-failure.ts), and this puts it in when the main script
// was blocked or failed, when the stylesheet failed, or when either is not there after spec §9's
// time-out. `data-boot` on <html> says how it went: `started`, or `failed`.
import { CHUNK_TIMEOUT_MS } from '../monitoring/chunks';

const root = document.documentElement;
const stylesheets = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
/** Whether a stylesheet arrived: one still loading has no sheet yet, and one that failed an empty sheet. */
const arrived = (link: HTMLLinkElement) => (link.sheet?.cssRules.length ?? 0) > 0;

/**
 * Shows the notice (once: the template is gone after) in place of what the server rendered, which cannot
 * be answered without the app; the app does not start after it.
 */
export function showBootFailure(): void {
  root.dataset.boot = 'failed';
  const notice = document.getElementById('boot-failure');
  if (!(notice instanceof HTMLTemplateElement)) return;
  document.getElementById('root')?.replaceChildren();
  notice.replaceWith(notice.content.cloneNode(true));
}

/**
 * Called by the main script before anything else: it starts the app (true), or, when a stylesheet
 * failed (the main script runs only once the page's stylesheets have settled) or the page has already
 * given up waiting, shows the notice instead (false).
 */
export function startApp(): boolean {
  if (root.dataset.boot || !stylesheets().every(arrived)) {
    showBootFailure();
    return false;
  }
  root.dataset.boot = 'started';
  return true;
}

/** Watches from the page's first script that the main script starts the app, within spec §9's time-out of navigation. */
export function watchBoot(): void {
  const check = () => {
    if (!root.dataset.boot) showBootFailure();
  };
  // The main script, a deferred module, has run by DOMContentLoaded or never will.
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation && navigation.domContentLoadedEventEnd > 0) check();
  else document.addEventListener('DOMContentLoaded', check);
  setTimeout(() => {
    // A stylesheet still loading holds back the page's rendering and its scripts: it goes, so the notice shows.
    if (!root.dataset.boot) for (const link of stylesheets()) if (!arrived(link)) link.remove();
    check();
  }, CHUNK_TIMEOUT_MS - performance.now());
}
