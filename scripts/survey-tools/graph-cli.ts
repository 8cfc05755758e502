// CLI: npm run survey:graph [-- --audience trial|paid|both] [--survey ID] [--policy ID] [--out FILE]
// Draws the compiled branching graph of survey/ with Graphviz. With --out, one file (.svg, .html or .dot;
// the view defaults to both audiences); without it, dist/survey-graph/<survey>-<view>.svg and .html for
// every survey and view (trial, paid, both), or only those chosen with --survey and --audience.
// --policy ID draws the survey as that policy of policies.yaml shapes it: a dashed arrow labelled with
// its cancel-now control from every screen that has it to the closing form, and its withheld offers
// greyed (the files without --out are then <survey>-<view>-<policy>.svg and .html).
// --out is read from the folder the command was run in (npm's INIT_CWD). Texts not translated yet do not
// stop the picture (it is drawn in English): they are listed as warnings, as the checker's own warnings are.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CancellationPolicy, CompiledBundle } from '../../src/model';
import { compileProject, formatProblem, formatWarning, SurveyProblemsError } from '../survey';
import { surveyGraphDot, surveyOf } from './graph-dot';
import { surveyGraphHtml } from './graph-html';
import { surveyGraphSvg } from './graph-svg';
import { GRAPH_VIEWS, isGraphView } from './graph-view';
import type { GraphView } from './graph-view';
import { invocationDir } from '../survey/invocation-dir';
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

/** Runs the graph tool in `root` and returns the exit status; `cwd` is where --out is read from (the folder the user ran npm in). */
export async function main(
  args: readonly string[],
  root: string = process.cwd(),
  write: (line: string) => void = console.log,
  writeError: (line: string) => void = console.error,
  cwd: string = invocationDir(),
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
    // A draft's new texts are not translated yet: they hold up the build, not a picture of the flow.
    const compiled = await compileProject(root, { allowMissingTranslations: true });
    bundle = compiled.bundle;
    for (const warning of compiled.warnings) writeError(formatWarning(warning));
    const untranslated = compiled.warnings.filter((warning) => warning.code === 'missing-translation').length;
    if (untranslated > 0) {
      writeError(`survey:graph: ${untranslated} text${untranslated === 1 ? '' : 's'} still to translate (npm run i18n:extract); the picture shows the English`);
    }
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

  const targets: { file: string; shown: string; survey: string; view: GraphView }[] = [];
  if (options.out !== undefined) {
    if (!WRITERS[extname(options.out)]) {
      writeError(`--out must end in .svg, .html or .dot: '${options.out}'\n${USAGE}`);
      return 2;
    }
    targets.push({ file: resolve(cwd, options.out), shown: options.out, survey: options.survey ?? defaultSurvey(bundle), view: view ?? 'both' });
  } else {
    const surveys = options.survey !== undefined ? [options.survey] : Object.keys(bundle.surveys).sort();
    for (const survey of surveys) {
      for (const each of view ? [view] : GRAPH_VIEWS) {
        for (const ext of ['.svg', '.html']) {
          const file = join(GRAPH_OUT_DIR, `${survey}-${each}${suffix}${ext}`);
          targets.push({ file: resolve(root, file), shown: file, survey, view: each });
        }
      }
    }
  }
  for (const target of targets) {
    const writer = WRITERS[extname(target.file)];
    if (!writer) continue;
    await mkdir(dirname(target.file), { recursive: true });
    await writeFile(target.file, await writer(bundle, target.survey, target.view, policy));
    const under = policy ? `, under policy ${policy.id}` : '';
    write(`survey:graph: wrote ${target.shown} (${target.survey}, ${target.view === 'both' ? 'trial and paid' : target.view}${under})`);
  }
  return 0;
}

runWhenMain(import.meta.url, 'survey:graph', (args) => main(args));
