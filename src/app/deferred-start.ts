// The code a server-rendered page fetches once its first screen is painted (main.ts). The server
// writes that page's module preloads into a template instead of the head (src/server/preloads.ts):
// inert there, they are fetched once moved into the head.

/** The template's id, as src/server/preloads.ts writes it. */
const DEFERRED_PRELOADS_ID = 'deferred-preloads';

/** The deferred preloads, taken out of their template; null on a page that has none. */
export function takeDeferredPreloads(): DocumentFragment | null {
  const template = document.getElementById(DEFERRED_PRELOADS_ID);
  if (!(template instanceof HTMLTemplateElement)) return null;
  template.remove();
  return template.content;
}

/** The longest wait for a paint: a page the browser does not paint (a tab in the background) starts anyway. */
const PAINT_WAIT_MS = 250;

/**
 * Settles after the page's next paint: a task queued from an animation frame runs once that frame
 * is drawn. A hidden page is not drawn, so it settles at once, and at the latest after PAINT_WAIT_MS.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
