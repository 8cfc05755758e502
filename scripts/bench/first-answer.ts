// Bench: per route, the JS and CSS loaded before the first interactive input (raw, gzip, brotli);
// and the time from navigation to the first step-1 answer on /cancel/seo under 4x CPU throttling
// (CDP Emulation.setCPUThrottlingRate), against the floor page (scripts/bench/floor), in headless
// Chromium, each load in a fresh browser context (cold cache).
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { firstScreen, FIRST_INPUT, kb, totalSizes, watchFirstInput } from './first-screen';
import { describeTimes, median } from './stats';
import { signInCookie, type RunningServer } from './serve';

const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] };
const STEP1_RADIO = 'main input[type="radio"]:not([disabled])';
export const CPU_SLOWDOWN = 4;

/** The routes measured, each with who opens it and what counts as its first input. */
const ROUTES: { path: string; persona: string; input?: string }[] = [
  { path: '/cancel/seo', persona: 'paid-monthly', input: STEP1_RADIO },
  { path: '/cancel', persona: 'paid-monthly' },
  { path: '/cancel/no-subscription', persona: 'no-subscription' },
  { path: '/cancel/growth-kit', persona: 'paid-annual' },
  { path: '/cancel/seo/confirm-unsubscribe', persona: 'paid-monthly' },
];

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
  const lines = ['route                              | JS files | JS raw / gzip / brotli        | CSS raw / gzip / brotli    | first input'];
  try {
    for (const route of ROUTES) {
      const context = await signedInContext(browser, server, route.persona);
      const screen = await load(context, `${server.base}${route.path}`, route.input ?? FIRST_INPUT, false);
      await context.close();
      const js = totalSizes(screen.scripts, assetsDir);
      const css = totalSizes(screen.styles, assetsDir);
      lines.push(
        `${route.path.padEnd(34)} | ${String(screen.scripts.length).padStart(8)} | ${kb(js.raw)} / ${kb(js.gzip)} / ${kb(js.brotli)} | ${kb(css.raw)} / ${kb(css.gzip)} / ${kb(css.brotli)} | ${Math.round(screen.at)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  lines.push('(1 KB = 1000 bytes; gzip -9 and brotli 11 of the built files, as served; time unthrottled, loopback)');
  return lines;
}

/**
 * Times `loads` cold loads each of /cancel/seo and of the floor page, alternating, under 4x CPU
 * throttling; reports both and the ratio of the medians.
 */
export async function benchFirstAnswer(server: RunningServer, floorBase: string, loads = 9): Promise<string[]> {
  const browser = await chromium.launch(CHROMIUM);
  const project: number[] = [];
  const floor: number[] = [];
  try {
    // One unmeasured load of each, so the first measure does not pay for the browser's own start.
    for (let round = 0; round <= loads; round += 1) {
      const context = await signedInContext(browser, server, 'paid-monthly');
      const ours = await load(context, `${server.base}/cancel/seo`, STEP1_RADIO, true);
      await context.close();
      const bare = await browser.newContext();
      const theirs = await load(bare, `${floorBase}/`, STEP1_RADIO, true);
      await bare.close();
      if (round === 0) continue;
      project.push(ours.at);
      floor.push(theirs.at);
    }
  } finally {
    await browser.close();
  }
  const ratio = median(project) / median(floor);
  return [
    `/cancel/seo   ${describeTimes(project)}`,
    `floor page    ${describeTimes(floor)}`,
    `ratio project/floor (medians): ${ratio.toFixed(2)}`,
    `(navigation start to the first step-1 radio in the page, ${CPU_SLOWDOWN}x CPU slowdown, cold cache, loopback network)`,
  ];
}
