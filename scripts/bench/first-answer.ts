// Bench: per route, the JS and CSS loaded before the first interactive input (raw, gzip, brotli);
// and on /cancel/seo under 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) the first paint
// and the first visible and first interactive step-1 answer, against the peer pages
// (scripts/bench/peers: the floor and a naive React stack, each drawn and hydrated; RJSF alone,
// hydrated; SurveyJS), in headless Chromium, each load in a fresh browser context (cold cache).
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { firstScreen, FIRST_SCREEN_JS_TARGET, kb, MEASURED_ROUTES, STEP1_RADIO, totalSizes, watchFirstInput, type FirstScreen } from './first-screen';
import { LISTENING_MARK } from '../../src/app/first-screen-state';
import { readPaints, watchPaint } from './paint-timing';
import type { PeerBuild } from './peers/build';
import { PRODUCT_ANSWER, type MeasuredPage } from './peers/pages';
import { describeTimes, median } from './stats';
import { signInCookie, type RunningServer } from './serve';

const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] };
export const CPU_SLOWDOWN = 4;

async function signedInContext(browser: Browser, server: RunningServer, persona: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const cookie = await signInCookie(server.base, persona);
  await context.addCookies([{ ...cookie, url: server.base }]);
  return context;
}

/** One cold load of `url`: milliseconds from navigation start to `input`, and the assets before it. */
async function load(context: BrowserContext, url: string, input: string, throttle: boolean) {
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  await watchFirstInput(page, input);
  await page.goto(url);
  const screen = await firstScreen(page, 60_000);
  await page.close();
  return screen;
}

/** Sizes of what each route loads before its first input, one line per route. */
export async function benchRouteSizes(server: RunningServer, assetsDir: string): Promise<string[]> {
  const browser = await chromium.launch(CHROMIUM);
  const lines = [`route                              | JS files | JS raw / gzip / brotli        | CSS raw / gzip / brotli    | first input | issue 18's ${kb(FIRST_SCREEN_JS_TARGET)} gzip`];
  try {
    for (const route of MEASURED_ROUTES) {
      const context = await signedInContext(browser, server, route.persona);
      const screen = await load(context, `${server.base}${route.path}`, route.input, false);
      await context.close();
      const js = totalSizes(screen.scripts, assetsDir);
      const css = totalSizes(screen.styles, assetsDir);
      const target = js.gzip <= FIRST_SCREEN_JS_TARGET ? 'met' : 'not met';
      lines.push(
        `${route.path.padEnd(34)} | ${String(screen.scripts.length).padStart(8)} | ${kb(js.raw)} / ${kb(js.gzip)} / ${kb(js.brotli)} | ${kb(css.raw)} / ${kb(css.gzip)} / ${kb(css.brotli)} | ${Math.round(screen.at)} ms | ${target}`,
      );
    }
  } finally {
    await browser.close();
  }
  lines.push('(1 KB = 1000 bytes; gzip -9 and brotli 11 of the built files, as served; time unthrottled, loopback)');
  return lines;
}


/** One page's figures over the measured loads. */
interface PageTimes {
  fcp: number[];
  lcp: number[];
  visible: number[];
  interactive: number[];
  /** Per load, the first answer's paint minus the moment its radio entered the DOM. */
  paintAfterInput: number[];
  /** Loads in which the first radio and the first answer entered the DOM in one change (one MutationObserver batch). */
  together: number;
  violations: Set<string>;
  /** The scripts and stylesheets before the first input, from the first measured load (the product's are reported). */
  screen?: FirstScreen;
}

const noTimes = (): PageTimes => ({ fcp: [], lcp: [], visible: [], interactive: [], paintAfterInput: [], together: 0, violations: new Set() });

/** One cold, throttled load of `page`, in a fresh context. */
async function timedLoad(browser: Browser, server: RunningServer, page: MeasuredPage) {
  const context = page.persona ? await signedInContext(browser, server, page.persona) : await browser.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (page.scriptsBlocked) {
      await cdp.send('Network.enable');
      await cdp.send('Network.setBlockedURLs', { urls: ['*.js'] });
    } else {
      await watchFirstInput(tab, page.interactive);
    }
    await watchPaint(tab, page.visible, page.interactive);
    await tab.goto(page.url);
    const screen = page.scriptsBlocked ? undefined : await firstScreen(tab, 60_000);
    const paints = await readPaints(tab, 60_000);
    return { screen, paints };
  } catch (error) {
    throw new Error(`${page.label} (${page.url}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await context.close();
  }
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const target = (name: string, value: number, limit: number) => `  ${name} ≤ ${limit}x: ${value.toFixed(2)}x, ${value <= limit ? 'met' : 'not met'}`;

/**
 * Times `loads` cold loads each of /cancel/seo and of the peer pages under 4x CPU throttling,
 * round-robin (each round starting one page further, after one unmeasured round): first paint,
 * LCP, first visible and first interactive input; medians, spread and ratios; issue 18's targets.
 */
export async function benchFirstInputs(server: RunningServer, productAssetsDir: string, peers: readonly (MeasuredPage & { build: PeerBuild })[], loads = 9): Promise<string[]> {
  const product: MeasuredPage = {
    label: '/cancel/seo',
    url: `${server.base}/cancel/seo`,
    persona: 'paid-monthly',
    interactive: STEP1_RADIO,
    ...PRODUCT_ANSWER,
    about: 'the product, signed in as paid-monthly',
    policy: 'its own policy',
  };
  const markupAlone: MeasuredPage = {
    ...product,
    label: '/cancel/seo, no scripts',
    about: 'the same page with its scripts refused: what its HTML and CSS alone paint',
    scriptsBlocked: true,
  };
  const pages: MeasuredPage[] = [product, markupAlone, ...peers];
  // Whether the product's HTML already holds its radios (then they exist before React runs).
  const cookie = await signInCookie(server.base, 'paid-monthly');
  const html = await (await fetch(product.url, { headers: { cookie: `${cookie.name}=${cookie.value}` } })).text();
  const serverRendered = /<input[^>]*type="?radio/.test(html);
  const times = new Map<MeasuredPage, PageTimes>(pages.map((page) => [page, noTimes()]));
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (let round = 0; round <= loads; round += 1) {
      for (let i = 0; i < pages.length; i += 1) {
        const page = pages[(round + i) % pages.length];
        const figures = page && times.get(page);
        if (!page || !figures) continue;
        const { screen, paints } = await timedLoad(browser, server, page);
        // The first round is not measured: the browser's own start would weigh on it.
        if (round === 0) continue;
        figures.fcp.push(paints.fcp);
        if (paints.lcp !== undefined) figures.lcp.push(paints.lcp);
        figures.visible.push(paints.answer);
        if (screen) {
          figures.screen ??= screen;
          figures.interactive.push(screen.at);
          figures.paintAfterInput.push(paints.answer - screen.at);
          if (paints.radioWithAnswer) figures.together += 1;
        }
        for (const violation of paints.violations) figures.violations.add(violation);
      }
    }
  } finally {
    await browser.close();
  }

  const of = (page: MeasuredPage) => times.get(page) ?? noTimes();
  const peerLabeled = (label: string) => {
    const peer = peers.find((candidate) => candidate.label === label);
    if (!peer) throw new Error(`the ${label} page is measured beside the product`);
    return peer;
  };
  const floor = of(peerLabeled('floor'));
  const surveyJs = of(peerLabeled('SurveyJS'));
  const hydratedFloor = peerLabeled('floor, server-rendered');
  const hydratedRjsf = peerLabeled('RJSF alone, server-rendered');
  const hydratedNaive = peerLabeled('naive, server-rendered');
  /** `page`'s median of `values` as a ratio to the floor's. */
  const toFloor = (page: MeasuredPage, values: (t: PageTimes) => number[]) => ratio(median(values(of(page))), median(values(floor)));
  const visible = (t: PageTimes) => t.visible;
  const interactive = (t: PageTimes) => t.interactive;
  const ours = of(product);
  const width = Math.max(...pages.map((page) => page.label.length));
  const gzip = (scripts: readonly string[], styles: readonly string[], dir: string) => `JS ${kb(totalSizes(scripts, dir).gzip)}, CSS ${kb(totalSizes(styles, dir).gzip)} gzip`;

  const indent = ' '.repeat(width + 4);
  const lines = ['pages (each on its own loopback port, the peers one script each, with the product\'s security headers; each load a fresh browser context, cold cache):'];
  for (const page of pages) {
    const build = peers.find((peer) => peer === page)?.build;
    const screen = of(page).screen;
    const sizes = build ? gzip(build.scripts, build.styles, build.dir) : screen ? `before its first input ${gzip(screen.scripts, screen.styles, productAssetsDir)}` : 'no JS';
    lines.push(`  ${page.label.padEnd(width)}  ${page.about}; ${sizes};`, `${indent}${page.policy}`);
  }
  lines.push(
    `what is timed (ms from navigation start; ${CPU_SLOWDOWN}x CPU slowdown by CDP Emulation.setCPUThrottlingRate; ${loads} rounds over the ${pages.length} pages, each round starting one page further, after an unmeasured round):`,
    '  first paint        the first-contentful-paint entry',
    '  LCP                the latest largest-contentful-paint entry once the first answer is painted',
    '  first visible      the first answer painted: Element Timing of its item and all in it, marked as it enters the DOM',
    ...pages.map((page) => `                       ${page.label.padEnd(width)}  '${page.visible}' (${page.seen})`),
    `  first interactive  the first enabled step-1 radio in the DOM ('${STEP1_RADIO}', MutationObserver, before the frame that paints it), once it answers;`,
    serverRendered
      ? `                     /cancel/seo's and the server-rendered peers' HTML hold their radios: they answer once the page has hydrated them (its '${LISTENING_MARK}' mark), the other peers' once they exist`
      : '                     every page renders its radios with React on the client: they have their handlers when they exist',
  );
  const metrics: [string, (t: PageTimes) => number[]][] = [
    ['first paint', (t) => t.fcp],
    ['LCP', (t) => t.lcp],
    ['first visible input', visible],
    ['first interactive input', interactive],
  ];
  for (const [name, values] of metrics) {
    lines.push(name);
    for (const page of pages) {
      const own = values(of(page));
      lines.push(own.length === 0 ? `  ${page.label.padEnd(width)}  not reported` : `  ${page.label.padEnd(width)}  ${describeTimes(own)}  ${toFloor(page, values)} the floor`);
    }
  }
  lines.push(`/cancel/seo against SurveyJS (medians): ${metrics.map(([name, values]) => `${name} ${ratio(median(values(ours)), median(values(surveyJs)))}`).join(', ')}`);
  lines.push('first visible against first interactive input:');
  for (const page of pages) {
    const t = of(page);
    if (t.interactive.length === 0) continue;
    const together = t.together === t.interactive.length ? `they coincide: radio and answer enter the DOM together in all ${t.together} loads` : `radio and answer enter the DOM together in ${t.together} of ${t.interactive.length} loads`;
    const gap = Math.round(median(t.paintAfterInput));
    const range = `range ${Math.round(Math.min(...t.paintAfterInput))}–${Math.round(Math.max(...t.paintAfterInput))} ms`;
    const when = gap >= 0 ? `a median ${gap} ms after` : `a median ${-gap} ms before`;
    lines.push(`  ${page.label.padEnd(width)}  ${together}; the answer is painted ${when} the radio answers (${range})`);
  }
  const violations = pages.flatMap((page) => [...of(page).violations].map((violation) => `${page.label}: ${violation}`));
  lines.push(`Content-Security-Policy violations during the loads: ${violations.length === 0 ? 'none' : violations.join('; ')}`);
  lines.push(
    "issue 18's targets (medians; reported, not asserted):",
    target('/cancel/seo first question painted (first visible input) / the floor', median(ours.visible) / median(floor.visible), 0.5),
    `    its HTML and CSS alone (scripts refused) paint it at ${toFloor(markupAlone, visible)} the floor`,
    target('/cancel/seo first interactive input / the floor', median(ours.interactive) / median(floor.interactive), 1.2),
    `    plain React hydrating the floor's screen from its HTML answers at ${toFloor(hydratedFloor, interactive)} the floor, and paints it at ${toFloor(hydratedFloor, visible)}`,
    `    RJSF alone, as published, hydrating the question from its HTML answers at ${toFloor(hydratedRjsf, interactive)} the floor, and paints it at ${toFloor(hydratedRjsf, visible)}`,
    `    the product's libraries as they come (the naive stack), hydrating the same screen from its HTML, answer at ${toFloor(hydratedNaive, interactive)} the floor`,
    target('/cancel/seo first interactive input / SurveyJS', median(ours.interactive) / median(surveyJs.interactive), 0.45),
  );
  return lines;
}
