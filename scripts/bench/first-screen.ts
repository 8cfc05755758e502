// What a page loads before its first interactive input, measured in the browser: the moment the
// first enabled control or link in <main> is there and answers, and every script and stylesheet
// requested before it. Shared by `npm run bench` and the budget test (tests/e2e/budget.spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_STATE_ID, LISTENING_MARK } from '../../src/app/first-screen-state';

/** The first thing a customer can answer or follow on a screen: a control or link in <main>. */
export const FIRST_INPUT = 'main :is(input:not([type="hidden"]), textarea, select, button, a[href]):not([disabled])';

/** Step 1's answers, on the product's page and on its peers' (scripts/bench/peers): all put their question in <main>. */
export const STEP1_RADIO = 'main input[type="radio"]:not([disabled])';

/** Issue 18's aim for the JavaScript before a route's first interactive input, gzip bytes. */
export const FIRST_SCREEN_JS_TARGET = 140_000;

/** A route whose first screen is measured: who opens it, and what counts as its first input. */
export interface MeasuredRoute {
  path: string;
  /** A persona of the reference server (src/server/personas.ts). */
  persona: 'paid-monthly' | 'paid-annual' | 'no-subscription';
  input: string;
  /** A survey's page: its first screen holds RJSF and the step's validators. */
  survey: boolean;
}

/** The routes the bench measures and the budget test holds to their budgets, one of each screen. */
export const MEASURED_ROUTES: readonly MeasuredRoute[] = [
  { path: '/cancel/seo', persona: 'paid-monthly', input: STEP1_RADIO, survey: true },
  { path: '/cancel', persona: 'paid-monthly', input: FIRST_INPUT, survey: false },
  { path: '/cancel/no-subscription', persona: 'no-subscription', input: FIRST_INPUT, survey: false },
  { path: '/cancel/growth-kit', persona: 'paid-annual', input: FIRST_INPUT, survey: true },
  { path: '/cancel/seo/confirm-unsubscribe', persona: 'paid-monthly', input: FIRST_INPUT, survey: false },
];

/** Where the server maps /cancel/assets/ (build.mjs PUBLIC_PATH and APP_DIR). */
const ASSET_PREFIX = '/cancel/assets/';
const DIST_ASSETS = 'dist/app/assets';

declare global {
  interface Window {
    /** performance.now() when FIRST_INPUT (or the watched selector) first matched. */
    __firstInputAt?: number;
  }
}

/**
 * Notes, from the page's first script on, when `selector` first matches: a MutationObserver
 * runs before the next paint, so the time is when the input exists, not when a test polls.
 * Call before navigating.
 */
export async function watchFirstInput(page: Page, selector = FIRST_INPUT): Promise<void> {
  // Source text, not a function: a function would be serialised as compiled, and a compiler's
  // helpers (tsx names functions with __name) do not exist in the page.
  await page.addInitScript(`(() => {
    const watched = ${JSON.stringify(selector)};
    const observer = new MutationObserver(() => {
      if (window.__firstInputAt === undefined && document.querySelector(watched)) {
        window.__firstInputAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  })();`);
}

/**
 * Waits until `condition`, a JavaScript expression, holds in the page, asking through the DevTools
 * protocol. Playwright's own waiting (waitForFunction, evaluate) first compiles its injected script
 * in the page: on a throttled main thread that is 30 to 80 ms of work inside the load being timed,
 * which no customer's page does. A DevTools evaluation is not the page's code, so its CSP allows it.
 */
export async function waitInPage(page: Page, condition: string, timeout: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: `new Promise((resolve, reject) => {
        const until = performance.now() + ${timeout};
        const check = () => {
          if (${condition}) resolve(true);
          else if (performance.now() > until) reject(new Error('not within ${timeout} ms'));
          else setTimeout(check, 20);
        };
        check();
      })`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`waiting for ${condition}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  } finally {
    await session.detach();
  }
}

export interface FirstScreen {
  /** Milliseconds from navigation start to the first interactive input: there, and answering. */
  at: number;
  /** Asset paths (under /cancel/assets/) of the scripts and stylesheets requested before it. */
  scripts: string[];
  styles: string[];
}

/**
 * Waits for the watched input to answer, then lists the scripts and stylesheets the page asked for
 * before. A control the page draws itself answers once it exists; one the server rendered into the
 * HTML exists from the parse, but answers only once the page has hydrated it (LISTENING_MARK).
 */
export async function firstScreen(page: Page, timeout = 30_000): Promise<FirstScreen> {
  await waitInPage(
    page,
    `window.__firstInputAt !== undefined && (document.getElementById(${JSON.stringify(FIRST_SCREEN_STATE_ID)}) === null || performance.getEntriesByName(${JSON.stringify(LISTENING_MARK)}, 'mark').length > 0)`,
    timeout,
  );
  // Source text for the same reason as in watchFirstInput.
  const { at, urls } = await page.evaluate<{ at: number; urls: string[] }>(`(() => {
    const listening = performance.getEntriesByName(${JSON.stringify(LISTENING_MARK)}, 'mark')[0];
    const mark = Math.max(window.__firstInputAt, listening ? listening.startTime : 0);
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= mark);
    return { at: mark, urls: entries.map((entry) => entry.name) };
  })()`);
  const paths = urls.map((url) => new URL(url).pathname).filter((path) => path.startsWith(ASSET_PREFIX));
  const unique = [...new Set(paths)].map((path) => path.slice(ASSET_PREFIX.length));
  return { at, scripts: unique.filter((p) => p.endsWith('.js')), styles: unique.filter((p) => p.endsWith('.css')) };
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes of a built asset, as the server sends them. */
export function assetSizes(assetPath: string, assetsDir = join(process.cwd(), DIST_ASSETS)): Sizes {
  const data = readFileSync(join(assetsDir, assetPath));
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The sum of the sizes of several assets. */
export function totalSizes(assetPaths: readonly string[], assetsDir = join(process.cwd(), DIST_ASSETS)): Sizes {
  return assetPaths.map((path) => assetSizes(path, assetsDir)).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

/** '148.2 KB' (1 KB = 1000 bytes, as the budgets are written). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
