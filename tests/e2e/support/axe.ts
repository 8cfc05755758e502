// axe-core in the page: put into each document once, then run per state. @axe-core/playwright wraps
// the same engine at its version, but injects its 500 KB anew for every analysis, which costs more
// than the check itself on two cores.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core')), 'axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The WCAG violations axe finds in the page's current state, for the rules of `tags`. Every rule of
 * the tags runs; the `no-passes` reporter only leaves the passed checks out of the report, which we
 * never read (a third of each run's time on this machine).
 */
export async function axeViolations(page: Page, tags: readonly string[]): Promise<Violation[]> {
  // One round trip a check: the run answers null in a document axe is not in yet.
  const run = () =>
    page.evaluate((values) => {
      const axe = (window as unknown as { axe?: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
      if (axe === undefined) return null;
      return axe
        .run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'], reporter: 'no-passes' })
        .then((results) => results.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((n) => ({ target: n.target })) })));
    }, [...tags]);
  const found = await run();
  if (found !== null) return found;
  await page.evaluate(AXE_SOURCE);
  const afterInjecting = await run();
  if (afterInjecting === null) throw new Error('axe-core is not in the page after it was put there');
  return afterInjecting;
}

/** A violation as one line: its rule, impact and the elements it names. */
export const describeViolation = (v: Violation): string => `${v.id} (${v.impact ?? '?'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
