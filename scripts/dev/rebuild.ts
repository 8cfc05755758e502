// One development rebuild after some files changed: the catalogs when a .po changed, the survey when a
// YAML or a catalog changed (the checker reads both), then the app and the server side by side. The
// survey pictures are left to the caller, for after the reload: Graphviz runs on this process's only
// thread, where it would hold up the app build's plugins.
import type { BuildTasks } from './build-tasks';
import { fromCheckerProblem, stepFailure, type DevProblem } from './dev-problems';

/** What a rebuild did: its problems (then nothing is served anew), whether the server must restart, and how long each step took. */
export interface RebuildResult {
  problems: DevProblem[];
  /**
   * What did not stop the rebuild but waits for someone: texts without every translation, which show in
   * English meanwhile. Per step, and only for the steps that ran: the others' warnings still stand.
   */
  warnings: StepWarnings;
  /** The server bundle or the compiled survey it reads at start changed, and no `restart` was given to restart it. */
  restart: boolean;
  /** Milliseconds per step, in the order they finished. */
  timings: [step: string, ms: number][];
  /** The compiled survey changed: its pictures need drawing again. */
  surveyChanged: boolean;
}

/** The warnings of the steps that have them; a step that did not run is absent. */
export type StepWarnings = Partial<Record<'catalogs' | 'survey', DevProblem[]>>;

/** Which parts a set of changed paths (relative to the root, with forward slashes) touches. */
export function touched(changed: readonly string[]): { catalogs: boolean; survey: boolean } {
  const catalogs = changed.some((path) => path.startsWith('locales/'));
  return { catalogs, survey: catalogs || changed.some((path) => path.startsWith('survey/')) };
}

/** How a rebuild runs: everything (the first build), and how to restart the server when its inputs changed. */
export interface RebuildOptions {
  everything?: boolean;
  /**
   * Restarts the server. It runs as soon as the server bundle is built, beside the app build: the
   * server's start-up is the slowest step, and this keeps it off the edit-to-reload time.
   */
  restart?: () => Promise<void>;
}

/** Runs the steps `changed` calls for. */
export async function rebuild(tasks: BuildTasks, root: string, changed: readonly string[], options: RebuildOptions = {}): Promise<RebuildResult> {
  const everything = options.everything ?? false;
  const timings: RebuildResult['timings'] = [];
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings.push([step, Math.round(performance.now() - started)]);
    }
  };
  const parts = everything ? { catalogs: true, survey: true } : touched(changed);

  const warnings: StepWarnings = {};
  const failed = (problems: DevProblem[]): RebuildResult => ({ problems, warnings, restart: false, timings, surveyChanged: false });
  if (parts.catalogs) {
    try {
      warnings.catalogs = await timed('catalogs', () => tasks.catalogs());
    } catch (error) {
      return failed([stepFailure('locales', 'catalog-error', error)]);
    }
  }
  let surveyChanged = false;
  if (parts.survey) {
    let outcome;
    try {
      outcome = await timed('survey', () => tasks.survey());
    } catch (error) {
      return failed([stepFailure('survey', 'internal-error', error)]);
    }
    warnings.survey = outcome.warnings.map((problem) => fromCheckerProblem(problem, root, 'warning'));
    if (outcome.problems.length > 0) return failed(outcome.problems.map((problem) => fromCheckerProblem(problem, root)));
    surveyChanged = outcome.changed;
  }
  let restarted = false;
  const restartProblems: DevProblem[] = [];
  const [app, server] = await Promise.all([
    timed('app', () => tasks.app()),
    timed('server', () => tasks.server()).then(async (built) => {
      if (built.problems.length > 0 || !(built.changed || surveyChanged || everything) || !options.restart) return built;
      try {
        await timed('restart', options.restart);
        restarted = true;
      } catch (error) {
        restartProblems.push(stepFailure('src/server', 'server-start', error));
      }
      return built;
    }),
  ]);
  const problems = [...app, ...server.problems, ...restartProblems];
  const restart = problems.length === 0 && !restarted && (server.changed || surveyChanged || everything);
  return { problems, warnings, restart, timings, surveyChanged: surveyChanged || everything };
}
