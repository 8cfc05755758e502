// npm run dev: builds everything once, serves it through the front server, then rebuilds on every change
// of src/, survey/ or locales/ and reloads the pages (or shows them the problems). Each rebuild prints
// its steps and the time from the edit to the reload. Texts without every translation do not stop a
// rebuild: they show in English, and as warnings in the terminal and on the pages.
import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { devPaths, projectTasks, type BuildTasks } from './build-tasks';
import type { DevProblem } from './dev-problems';
import { EventStream } from './event-stream';
import { createFrontServer } from './front-server';
import { rebuild, type RebuildResult, type StepWarnings } from './rebuild';
import { nodeServer, ServerSwitch, type ServerLauncher } from './server-process';
import { watchSources, type ChangeBatch } from './source-watcher';

export interface DevOptions {
  /** The project root. */
  root: string;
  /** The front server's port (0: any free one) and address. */
  port: number;
  host: string;
  /** The rebuild steps; default: the project's (esbuild, the survey compiler, Lingui, Graphviz). */
  tasks?: BuildTasks;
  /** Starts the reference server; default: `node dist/dev/server/main.mjs` behind the front. */
  startServer?: (publicUrl: string) => ServerLauncher;
  /** Where the session reports; default: the terminal. */
  log?: (line: string) => void;
  /** How long the folders must be quiet before a rebuild starts. */
  quietMs?: number;
}

/** A running development session. */
export interface DevSession {
  /** The front server's address, e.g. http://127.0.0.1:8080. */
  url: string;
  stream: EventStream;
  /** Resolves once no rebuild is running or waiting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** When the files of a batch were last written: the edit the reload answers (mtime; the first event for a deleted file). */
async function editTime(root: string, batch: ChangeBatch): Promise<number> {
  const times = await Promise.all(batch.paths.map((path) => stat(join(root, path)).then((s) => s.mtimeMs, () => batch.firstSeen)));
  return Math.min(Math.max(...times, batch.firstSeen), Date.now());
}

function describe(paths: readonly string[]): string {
  if (paths.length === 0) return 'first build';
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 2).join(', ')} and ${paths.length - 2} more files`;
}

/** Builds, serves and watches `options.root` until `close()`. */
export async function startDev(options: DevOptions): Promise<DevSession> {
  const { root } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const tasks = options.tasks ?? projectTasks(root);
  const editsOfBuild = new Map<number, number>();
  const stream = new EventStream((build) => {
    const edited = editsOfBuild.get(build);
    if (edited === undefined) return;
    editsOfBuild.delete(build);
    log(`dev: the page is back ${Math.round(Date.now() - edited)} ms after the edit (build ${build})`);
  });
  let build = 0;

  // The warnings of the last run of each step: a rebuild that skips a step leaves its warnings standing.
  const standing: Required<StepWarnings> = { catalogs: [], survey: [] };
  /** Takes in a rebuild's warnings; returns all that stand now, the survey's (at their YAML lines) first. */
  const updateWarnings = (result: RebuildResult): DevProblem[] => {
    Object.assign(standing, result.warnings);
    return [...standing.survey, ...standing.catalogs];
  };
  const reportWarnings = (warnings: DevProblem[]): void => {
    if (warnings.length === 0) return;
    for (const warning of warnings) log(warning.text);
    log(`dev: ${plural(warnings.length, 'warning')}: what is not translated yet shows in English`);
  };

  const reportProblems = (problems: DevProblem[]): void => {
    for (const problem of problems) log(problem.text);
    const pages = stream.problems(problems);
    log(`dev: ${plural(problems.length, 'problem')}; the last good build stays up, ${plural(pages, 'page')} show${pages === 1 ? 's' : ''} them`);
  };

  /** Draws the survey pictures of /dev/survey; a failure only costs the pictures. */
  const drawPictures = async (): Promise<boolean> => {
    const started = performance.now();
    try {
      await tasks.pictures();
      return true;
    } catch (error) {
      log(`dev: warning: the survey pictures were not drawn: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      pictureMs = Math.round(performance.now() - started);
    }
  };
  let pictureMs = 0;

  // Watching starts before the first build: a save made while it runs (or while the server starts) is
  // kept and rebuilt once the session is up, not lost.
  const early: ChangeBatch[] = [];
  let onChanges: (batch: ChangeBatch) => void = (batch) => void early.push(batch);
  const stopWatching = watchSources(root, (batch) => onChanges(batch), { quietMs: options.quietMs });
  try {
    return await startSession();
  } catch (error) {
    stopWatching();
    throw error;
  }

  async function startSession(): Promise<DevSession> {
    log('dev: building the catalogs, the survey, the app and the server…');
    const first = await rebuild(tasks, root, [], { everything: true });
    log(`dev: first build: ${first.timings.map(([step, ms]) => `${step} ${ms} ms`).join(', ')}`);
    const firstWarnings = updateWarnings(first);
    if (first.problems.length > 0) reportProblems(first.problems);
    else {
      build = 1;
      reportWarnings(firstWarnings);
    }

    const front: Server = createFrontServer({ stream, origin: () => servers.origin });
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(options.port, options.host, resolve);
    });
    const address = front.address() as AddressInfo;
    const url = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;
    const paths = devPaths(root);
    const startServer = options.startServer?.(url) ?? nodeServer({ root, serverFile: paths.serverFile, appDir: paths.appDir, publicUrl: url, log });
    const servers = new ServerSwitch(startServer);
    const startOrReport = async (): Promise<boolean> => {
      try {
        await servers.restart();
        return true;
      } catch (error) {
        log(`dev: the server did not start: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    };
    await startOrReport();
    // Rebuilds run one after the other; changes that arrive during one wait and go together into the next.
    let running: Promise<void> = Promise.resolve();
    let closing = false;
    if (build === 1) {
      stream.reload(build, true, firstWarnings);
      // Once the server is up: the pictures are for /dev/survey only, which reloads when they are there.
      running = drawPictures().then((drawn) => {
        if (drawn) stream.pictures(1);
      });
    }

    /** One rebuild for a batch of changes, reported in the terminal and to the pages. */
    const runBatch = async (batch: ChangeBatch): Promise<void> => {
      const edited = await editTime(root, batch);
      let result: RebuildResult;
      try {
        result = await rebuild(tasks, root, batch.paths, { restart: () => servers.restart() });
      } catch (error) {
        // Stopping (Ctrl-C) ends the build under way: that is no failure to report.
        if (closing) return;
        log(`dev: the rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return;
      }
      const warnings = updateWarnings(result);
      if (result.problems.length > 0) {
        reportProblems(result.problems);
        return;
      }
      if (result.restart || servers.origin === undefined) {
        const started = performance.now();
        const ok = await startOrReport();
        result.timings.push(['restart', Math.round(performance.now() - started)]);
        if (!ok) return;
      }
      build += 1;
      editsOfBuild.set(build, edited);
      const pages = stream.reload(build, result.surveyChanged, warnings);
      reportWarnings(warnings);
      const steps = result.timings.map(([step, ms]) => `${step} ${ms} ms`).join(', ');
      log(`dev: ${describe(batch.paths)}: ${steps} → reload sent to ${plural(pages, 'page')} ${Math.round(Date.now() - edited)} ms after the edit`);
      if (result.surveyChanged && (await drawPictures())) {
        stream.pictures(build);
        log(`dev: survey pictures redrawn in ${pictureMs} ms`);
      }
    };

    let waiting: ChangeBatch | undefined;
    const enqueue = (batch: ChangeBatch): void => {
      if (waiting) {
        waiting = { paths: [...new Set([...waiting.paths, ...batch.paths])].sort(), firstSeen: waiting.firstSeen };
        return;
      }
      waiting = batch;
      running = running.then(() => {
        const next = waiting;
        waiting = undefined;
        return next ? runBatch(next) : undefined;
      });
    };
    onChanges = enqueue;
    for (const batch of early.splice(0)) enqueue(batch);

    return {
      url,
      stream,
      idle: async () => {
        let seen: Promise<void> | undefined;
        while (seen !== running) {
          seen = running;
          await running;
        }
      },
      async close() {
        closing = true;
        stopWatching();
        await running;
        stream.close();
        const closed = new Promise<void>((resolve) => front.close(() => resolve()));
        front.closeAllConnections();
        await closed;
        await servers.stop();
        await tasks.dispose();
      },
    };
  }
}
