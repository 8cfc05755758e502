// `npm run bench`: every benchmark of the project, one report. Figures are printed, not asserted
// (the budgets that are enforced live in tests/e2e/budget.spec.ts).
// It builds the production bundle first, then measures it as served by the built reference
// server (a database of its own), beside the peer pages (the floor and a naive React stack, each
// drawn and hydrated; RJSF alone, hydrated; SurveyJS) built in the same run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchFirstInputs, benchRouteSizes } from './first-answer';
import { benchInsightsScale } from './insights-scale';
import { benchLighthouse } from './lighthouse';
import { startPeerPages } from './peers/pages';
import { securityHeadersOf } from './peers/serve';
import { buildProduct } from './product-build';
import { startBuiltServer } from './serve';
import { benchServer } from './server';
import { benchStorageScale } from './storage-scale';
import { benchSurvey } from './survey';

// Inside the project, so the server bundle (its npm packages stay external) finds node_modules.
mkdirSync(join(process.cwd(), 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), 'node_modules/.cache/cancel-bench-'));
const started: { stop: () => Promise<void> }[] = [];
try {
  console.log('\n## production build');
  const product = await buildProduct(dir);
  console.log(`node build.mjs: ${Math.round(product.buildMs)} ms (measured below: a copy of its app and server, built with its options)`);
  const server = await startBuiltServer(join(dir, 'bench.db'), { APP_DIR: product.appDir }, product.serverFile);
  started.push(server);
  const answer = await fetch(`${server.base}/cancel`);
  const policy = answer.headers.get('content-security-policy') ?? "default-src 'self'";

  const sections: [string, () => Promise<string[]>][] = [
    ['JS and CSS before the first interactive input, per route', () => benchRouteSizes(server, join(product.appDir, 'assets'))],
    [
      'first paint, first visible and first interactive input under 4x CPU throttling: /cancel/seo against the floor, SurveyJS and a naive React stack',
      async () => {
        const peers = await startPeerPages(policy, securityHeadersOf(answer.headers));
        started.push(peers);
        return benchFirstInputs(server, join(product.appDir, 'assets'), peers.pages);
      },
    ],
    ['Lighthouse (mobile defaults)', () => benchLighthouse(server)],
    ['survey check and compile', () => benchSurvey()],
    ['survey-storage endpoint under load (loopback)', () => benchServer(product.serverFile)],
    ['survey storage at scale: SQLite and PostgreSQL, one and two processes', () => benchStorageScale(product.serverFile)],
    ['retention insights over 1 million visits (SQLite)', () => benchInsightsScale(1_000_000, product.serverFile)],
  ];
  // `npm run bench -- lighthouse` runs the sections whose title contains any of the words given.
  const only = process.argv.slice(2).map((word) => word.toLowerCase());
  const chosen = only.length === 0 ? sections : sections.filter(([title]) => only.some((word) => title.toLowerCase().includes(word)));
  if (chosen.length === 0) throw new Error(`no bench section matches ${only.join(', ')}; sections: ${sections.map(([title]) => title).join(' | ')}`);
  for (const [title, run] of chosen) {
    console.log(`\n## ${title}`);
    for (const line of await run()) console.log(line);
  }
} finally {
  for (const running of started.reverse()) await running.stop();
  rmSync(dir, { recursive: true, force: true });
}
