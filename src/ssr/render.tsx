// The first state of a screen, rendered on the server into the page's HTML (issue: first screens in the
// first response): the page shows it before any script runs, and hydrates it (src/app/main.tsx).
import { Writable } from 'node:stream';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, loadServerRenderedScreen } from '../app/App';
import { FIRST_SCREEN_STATE_ID, type FirstScreenState } from '../app/first-screen-state';

/** Renders `element` to HTML once all of it is ready (nothing streams before: the page waits for its whole first screen). */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

/** `<`, `>` and `&` escaped, so the JSON cannot end its script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The app's markup at `url` (a path and query) in `i18n`'s language, and the state the page hydrates
 * it from as a JSON script; null where the server renders nothing (the page renders as before).
 */
export async function renderFirstScreen(url: string, i18n: I18n): Promise<{ markup: string; state: string; worksWithoutScripts: boolean } | null> {
  const pathname = new URL(url, 'http://page.invalid').pathname;
  if (!(await loadServerRenderedScreen(pathname))) return null;
  const AtUrl = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const markup = await renderToHtml(<App router={AtUrl} i18n={i18n} />);
  const state: FirstScreenState = { locale: i18n.locale };
  // The screens rendered so far are of links only (loadServerRenderedScreen).
  return { markup, state: `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(state)}</script>`, worksWithoutScripts: true };
}
