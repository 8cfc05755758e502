// Bench: Lighthouse (mobile defaults: simulated slow 4G and 4x CPU) on signed-in pages, in the
// Debian Chromium. The session cookie goes in through extraHeaders. Scores vary from run to run
// (more so on a busy machine), so each page is run several times and the median is reported,
// with the audits that lost points in the median run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpus, loadavg } from 'node:os';
import { CATEGORIES, firstScreenVerdict, targetVerdict } from './lighthouse-targets';
import { median } from './stats';
import { signInCookie, type RunningServer } from './serve';


export const LIGHTHOUSE_PAGES = [
  { path: '/cancel/seo', persona: 'paid-monthly' },
  { path: '/cancel/no-subscription', persona: 'no-subscription' },
];

interface Run {
  /** Lighthouse's own failure (it then scores 0): its code and message. */
  error?: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: string;
  flagged: string[];
}

async function runOnce(port: number, url: string, cookie: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: { Cookie: cookie } });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
  const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const metrics = `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}`;
  const weighed = new Set(CATEGORIES.flatMap((c) => (lhr.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id)));
  const flagged = Object.values(lhr.audits)
    .filter((a) => weighed.has(a.id) && a.score !== null && a.score < 1)
    .map((a) => `${a.id} ${Math.round((a.score ?? 0) * 100)}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
  return { error, scores, metrics, flagged };
}

/** Runs Lighthouse `runs` times on each page and reports the median scores, one block per page. */
export async function benchLighthouse(server: RunningServer, runs = 3): Promise<string[]> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const lines: string[] = [];
  try {
    for (const { path, persona } of LIGHTHOUSE_PAGES) {
      // A run Lighthouse itself fails (it scores 0 then) says nothing of the page: it is reported,
      // and replaced by another, at most `runs` times.
      const results: Run[] = [];
      const failures: string[] = [];
      while (results.length < runs && failures.length < runs) {
        const { name, value } = await signInCookie(server.base, persona);
        const run = await runOnce(chrome.port, `${server.base}${path}`, `${name}=${value}`);
        if (run.error) failures.push(run.error);
        else results.push(run);
      }
      if (results.length === 0) {
        lines.push(`${path}: every Lighthouse run failed: ${failures.join('; ')}`);
        continue;
      }
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))])) as Run['scores'];
      const typical = [...results].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(results.length / 2)] ?? results[0];
      lines.push(
        `${path}: performance ${medians.performance}, accessibility ${medians.accessibility}, best practices ${medians['best-practices']} (median of ${results.length}; performance per run: ${results.map((r) => r.scores.performance).join(', ')})`,
        `  ${targetVerdict(medians)}`,
        `  ${firstScreenVerdict(medians)}`,
        `  median run: ${typical?.metrics ?? ''}`,
        `  lost points: ${typical?.flagged.join('; ') || 'none'}`,
        ...(failures.length > 0 ? [`  runs Lighthouse failed and ran again: ${failures.join('; ')}`] : []),
      );
    }
  } finally {
    await chrome.kill();
  }
  lines.push(`(machine load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores: Lighthouse's simulated timings scale the observed CPU work, so a busy machine lowers the performance score)`);
  return lines;
}
