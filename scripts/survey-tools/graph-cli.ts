// CLI: npm run survey:graph [-- --audience trial|paid|both] [--survey ID] [--policy ID] [--out FILE]
// Draws the compiled branching graph of survey/ with Graphviz. With --out, one file (.svg, .html or .dot;
// the view defaults to both audiences); without it, dist/survey-graph/<survey>-<view>.svg and .html for
// every survey and view (trial, paid, both), or only those chosen with --survey and --audience.
// --policy ID draws the survey as that policy of policies.yaml shapes it: a dashed arrow labelled with
// its cancel-now control from every screen that has it to the closing form, and its withheld offers
// greyed (the files without --out are then <survey>-<view>-<policy>.svg and .html).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CancellationPolicy, CompiledBundle } from '../../src/model';
import { compileSurveyProject, formatProblem, SurveyProblemsError } from '../survey';
import { surveyGraphDot, surveyOf } from './graph-dot';
import { surveyGraphHtml } from './graph-html';
import { surveyGraphSvg } from './graph-svg';
import { GRAPH_VIEWS, isGraphView } from './graph-view';
import type { GraphView } from './graph-view';
import { runWhenMain } from './run-cli';

/** Where the pictures go when no --out is given, relative to the project root. */
export const GRAPH_OUT_DIR = 'dist/survey-graph';

const USAGE = 'usage: npm run survey:graph [-- --audience trial|paid|both] [--survey ID] [--policy ID] [--out FILE.svg|FILE.html|FILE.dot]';

/** What one output file holds, by its extension. */
const WRITERS: Record<string, (bundle: CompiledBundle, survey: string, view: GraphView, policy?: CancellationPolicy) => Promise<string>> = {
  '.svg': surveyGraphSvg,
  '.html': surveyGraphHtml,
  '.dot': async (bundle, survey, view, policy) => surveyGraphDot(bundle, survey, view, policy),
};

/** The bundle's policy of that id; undefined when it has none. */
function policyOf(bundle: CompiledBundle, id: string): CancellationPolicy | undefined {
  return Object.hasOwn(bundle.policies.policies, id) ? bundle.policies.policies[id] : undefined;
}

/** With several surveys and no --survey, the one most toolkit pages use (the main exit survey). */
function defaultSurvey(bundle: CompiledBundle): string {
  const uses = (id: string): number => bundle.toolkits.filter((binding) => binding.survey === id).length;
  const [first] = Object.keys(bundle.surveys).sort((a, b) => uses(b) - uses(a) || (a < b ? -1 : a > b ? 1 : 0));
  if (!first) throw new Error('the project has no survey');
  return first;
}

/** Runs the graph tool in `root` and returns the exit status. */
export async function main(
  args: readonly string[],
  root: string = process.cwd(),
  write: (line: string) => void = console.log,
  writeError: (line: string) => void = console.error,
): Promise<number> {
  let options: { audience?: string; survey?: string; policy?: string; out?: string };
  try {
    options = parseArgs({
      args: [...args],
      options: { audience: { type: 'string' }, survey: { type: 'string' }, policy: { type: 'string' }, out: { type: 'string' } },
    }).values;
  } catch (error) {
    writeError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (options.audience !== undefined && !isGraphView(options.audience)) {
    writeError(`--audience must be trial, paid or both, not '${options.audience}'\n${USAGE}`);
    return 2;
  }
  const view = options.audience;

  let bundle: CompiledBundle;
  try {
    bundle = await compileSurveyProject(root);
  } catch (error) {
    if (!(error instanceof SurveyProblemsError)) throw error;
    for (const problem of error.problems) write(formatProblem(problem));
    writeError(`survey:graph: ${error.message}; fix them (npm run survey:check) and draw again`);
    return 1;
  }
  if (options.survey !== undefined) surveyOf(bundle, options.survey);
  const policy = options.policy === undefined ? undefined : policyOf(bundle, options.policy);
  if (options.policy !== undefined && !policy) {
    writeError(`no policy '${options.policy}' (policies: ${Object.keys(bundle.policies.policies).join(', ')})\n${USAGE}`);
    return 2;
  }
  const suffix = policy ? `-${policy.id}` : '';

  const targets: { file: string; survey: string; view: GraphView }[] = [];
  if (options.out !== undefined) {
    if (!WRITERS[extname(options.out)]) {
      writeError(`--out must end in .svg, .html or .dot: '${options.out}'\n${USAGE}`);
      return 2;
    }
    targets.push({ file: options.out, survey: options.survey ?? defaultSurvey(bundle), view: view ?? 'both' });
  } else {
    const surveys = options.survey !== undefined ? [options.survey] : Object.keys(bundle.surveys).sort();
    for (const survey of surveys) {
      for (const each of view ? [view] : GRAPH_VIEWS) {
        for (const ext of ['.svg', '.html']) targets.push({ file: join(GRAPH_OUT_DIR, `${survey}-${each}${suffix}${ext}`), survey, view: each });
      }
    }
  }
  for (const target of targets) {
    const writer = WRITERS[extname(target.file)];
    if (!writer) continue;
    const path = resolve(root, target.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await writer(bundle, target.survey, target.view, policy));
    const under = policy ? `, under policy ${policy.id}` : '';
    write(`survey:graph: wrote ${target.file} (${target.survey}, ${target.view === 'both' ? 'trial and paid' : target.view}${under})`);
  }
  return 0;
}

runWhenMain(import.meta.url, 'survey:graph', (args) => main(args));
