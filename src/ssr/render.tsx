// The first state of a screen, rendered on the server into the page's HTML (issue: first screens in the
// first response): the page shows it before any script runs, and hydrates it (src/app/start.tsx).
import { Writable } from 'node:stream';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, loadServerRenderedScreen } from '../app/App';
import { FIRST_SCREEN_STATE_ID, type FirstScreenState } from '../app/first-screen-state';
import { i18n as pageI18n } from '../i18n';
import type { ContextResponse } from '../model';
import { routeOf, servedSurveyAt } from './served-survey';

/** Renders `element` to HTML once all of it is ready (nothing streams before: the page waits for its whole first screen). */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    // Decoded whole: a chunk may end inside a character of several bytes.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
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

// The app's survey texts are translated by the page's one Lingui instance (translateSurveyText): renders
// take turns, each activating its language first.
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work, work);
  turn = run.catch(() => undefined);
  return run;
}

export interface FirstScreenRequest {
  /** The requested path and query. */
  url: string;
  /** The page's language, with its catalog. */
  i18n: I18n;
  /** What get-context answers the signed-in customer; null without a session. */
  context: ContextResponse | null;
  now: Date;
  /** The version of each survey the server runs. */
  versionOf: (surveyId: string) => string | undefined;
  /** What a survey's answer order is drawn from: the same for every page of one session. */
  seed: string;
}

/**
 * The app's markup at the requested URL in the page's language, the state the page hydrates it from as
 * a JSON script, and whether the screen works with scripts off; null where the server renders nothing
 * (the page renders as before).
 */
export async function renderFirstScreen({ url, i18n, context, now, versionOf, seed }: FirstScreenRequest): Promise<{ markup: string; state: string; worksWithoutScripts: boolean } | null> {
  const parsed = new URL(url, 'http://page.invalid');
  const kind = routeOf(parsed.pathname)?.kind;
  // The confirm page waits for its customer's confirmation: a visitor without a session gets the page as before.
  if (kind === 'confirm' && !context) return null;
  const survey = context ? servedSurveyAt(parsed, context, { now, versionOf, seed }) : null;
  const state: FirstScreenState = { locale: i18n.locale, ...(survey ? { survey } : {}) };
  if (!(await loadServerRenderedScreen(parsed.pathname, state))) return null;
  const AtUrl = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const markup = await inTurn(async () => {
    pageI18n.loadAndActivate({ locale: i18n.locale, messages: i18n.messages });
    return renderToHtml(<App router={AtUrl} i18n={pageI18n} served={survey ?? undefined} />);
  });
  return {
    markup,
    state: `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(state)}</script>`,
    // Only the no-subscription screen is of links alone: a survey's step needs its script to be
    // answered, and the confirm page to confirm.
    worksWithoutScripts: kind === 'no-subscription',
  };
}
