// npm run dev against a copy of the survey and its catalogs: a YAML edit recompiles it and reloads the
// pages, a text the catalogs do not translate yet as a warning; a broken YAML sends the checker's
// problems with file, line and column. The survey compiler, the watcher, the
// event stream and the front server are the real ones; the app and server bundles are stubbed (esbuild
// and a child process would only slow the test down), and so is the reference server behind the front.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectTasks, type BuildTasks } from '../../../scripts/dev/build-tasks';
import { startDev, type DevSession } from '../../../scripts/dev/dev-session';
import type { DevProblem } from '../../../scripts/dev/dev-problems';
import type { AppServer } from '../../../scripts/dev/server-process';
import { openEventStream, type EventReader } from './event-reader';

const PAGE = '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>';

/** A stand-in for the reference server: every page is PAGE. */
const fakeServer = (): Promise<AppServer> =>
  new Promise((resolve) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) });
    });
  });

let root: string;
let survey: string;
let session: DevSession;
let events: EventReader;
const log: string[] = [];
let restarts = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cancel-dev-'));
  cpSync(join(process.cwd(), 'survey'), join(root, 'survey'), { recursive: true });
  // With the catalogs beside the survey, the translation check runs as in the project.
  cpSync(join(process.cwd(), 'locales'), join(root, 'locales'), { recursive: true });
  survey = join(root, 'survey', 'cancellation.yaml');
  const real = projectTasks(root);
  const tasks: BuildTasks = {
    ...real,
    catalogs: async () => [],
    pictures: async () => {},
    app: async () => [],
    server: async () => ({ problems: [], changed: false }),
    dispose: async () => {},
  };
  session = await startDev({
    root,
    port: 0,
    host: '127.0.0.1',
    tasks,
    startServer: () => ({
      start: () => {
        restarts += 1;
        return fakeServer();
      },
      dispose: async () => {},
    }),
    log: (line) => log.push(line),
    quietMs: 20,
  });
  events = await openEventStream(`${session.url}/dev/events`);
  expect(await events.next('hello')).toMatchObject({ build: 1, problems: [], warnings: [] });
});

afterAll(async () => {
  events?.close();
  await session?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Replaces `from` (which must be there once) with `to` in the survey file. */
function edit(from: string, to: string): void {
  const text = readFileSync(survey, 'utf8');
  expect(text.split(from)).toHaveLength(2);
  writeFileSync(survey, text.replace(from, to));
}

/** 1-based line and column of the first `needle` in `text`. */
function position(text: string, needle: string): { line: number; col: number } {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return { line: before.length, col: (before[before.length - 1]?.length ?? 0) + 1 };
}

describe('npm run dev', () => {
  it('recompiles the survey on a YAML edit, restarts the server and tells the pages to reload', async () => {
    const restartsBefore = restarts;
    edit('question: Why don’t you use it right now?', 'question: Why aren’t you using it right now?');
    const reload = (await events.next('reload')) as { build: number; picturesFollow: boolean };
    expect(reload).toEqual({ build: 2, picturesFollow: true });
    // The pictures are drawn after the reload, and /dev/survey reloads once they are there.
    expect(await events.next('pictures', (data) => (data as { build: number }).build === 2)).toEqual({ build: 2 });
    const compiled = readFileSync(join(root, 'src/generated/survey.json'), 'utf8');
    expect(compiled).toContain('Why aren’t you using it right now?');
    expect(compiled).not.toContain('Why don’t you use it right now?');
    expect(restarts).toBe(restartsBefore + 1);
    expect(log.join('\n')).toMatch(/^dev: survey\/cancellation\.yaml: survey \d+ ms, .*restart \d+ ms → reload sent to 1 page \d+ ms after the edit$/m);
  });

  it('rebuilds when the new wording has no translation yet, and warns about it in the terminal and on the pages', async () => {
    // The question reworded by the test above is in no catalog: the page shows it in English meanwhile.
    const where = position(readFileSync(survey, 'utf8'), 'Why aren’t you using it right now?');
    const warning =
      `survey/cancellation.yaml:${where.line}:${where.col}: warning missing-translation: 'Why aren’t you using it right now?' ` +
      'has no translation in any language: run npm run i18n:extract, then translate it in locales/<language>/messages.po';
    expect(log).toContain(warning);
    expect(log).toContain('dev: 1 warning: what is not translated yet shows in English');
    const page = await openEventStream(`${session.url}/dev/events`);
    const hello = (await page.next('hello')) as { build: number; problems: DevProblem[]; warnings: DevProblem[] };
    page.close();
    expect(hello.build).toBe(2);
    expect(hello.problems).toEqual([]);
    expect(hello.warnings).toEqual([{ file: 'survey/cancellation.yaml', line: where.line, col: where.col, code: 'missing-translation', message: expect.any(String), text: warning }]);
  });

  it('sends the checker problems of a broken YAML with file, line and column, and reloads once it is fixed', async () => {
    edit('        next: why-not-using', '        next: why-not-usin');
    const where = position(readFileSync(survey, 'utf8'), 'why-not-usin\n');
    const { problems } = (await events.next('problems')) as { problems: DevProblem[] };
    // Every problem, as the checker finds them: the typo, and the steps no answer leads to any more.
    expect(problems.map((p) => p.code)).toEqual(['unknown-step', 'unreachable-step', 'unreachable-step']);
    const [typo] = problems;
    expect(typo).toMatchObject({ file: 'survey/cancellation.yaml', line: where.line, col: where.col, code: 'unknown-step' });
    expect(typo?.message).toBe("'why-not-usin' is not a step (did you mean 'why-not-using'?)");
    expect(typo?.text).toBe(`survey/cancellation.yaml:${where.line}:${where.col}: error unknown-step: ${typo?.message}`);
    // The terminal shows the same lines, in the checker's format.
    for (const problem of problems) expect(log).toContain(problem.text);
    // Nothing was compiled: the server keeps serving the last good survey.
    expect(readFileSync(join(root, 'src/generated/survey.json'), 'utf8')).toContain('"next": "why-not-using"');

    // A page that connects now learns the problems at once.
    const late = await openEventStream(`${session.url}/dev/events`);
    expect(await late.next('hello')).toMatchObject({ build: 2, problems });
    late.close();

    edit('        next: why-not-usin\n', '        next: why-not-using\n');
    expect(await events.next('reload')).toMatchObject({ build: 3 });
  });

  it('serves every page with the live-reload script, and the script itself', async () => {
    const page = await fetch(`${session.url}/cancel/seo`);
    const html = await page.text();
    expect(html).toContain('<script src="/dev/live-reload.js" defer></script>\n</head>');
    expect(page.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    const script = await fetch(`${session.url}/dev/live-reload.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("new window.EventSource('/dev/events'");
  });
});

describe('a save made while the dev server starts', () => {
  it('is rebuilt once the session is up, not lost', async () => {
    const early = mkdtempSync(join(tmpdir(), 'cancel-dev-early-'));
    cpSync(join(process.cwd(), 'survey'), join(early, 'survey'), { recursive: true });
    cpSync(join(process.cwd(), 'locales'), join(early, 'locales'), { recursive: true });
    const file = join(early, 'survey', 'cancellation.yaml');
    const real = projectTasks(early);
    let saved = false;
    const tasks: BuildTasks = {
      ...real,
      // The product manager saves while the first build compiles the survey.
      survey: async (...args: Parameters<BuildTasks['survey']>) => {
        const result = await real.survey(...args);
        if (!saved) {
          saved = true;
          writeFileSync(file, readFileSync(file, 'utf8').replace('question: Why don’t you use it right now?', 'question: Why not now?'));
        }
        return result;
      },
      catalogs: async () => [],
      pictures: async () => {},
      app: async () => [],
      server: async () => ({ problems: [], changed: false }),
      dispose: async () => {},
    };
    const lines: string[] = [];
    const started = await startDev({
      root: early,
      port: 0,
      host: '127.0.0.1',
      tasks,
      startServer: () => ({ start: fakeServer, dispose: async () => {} }),
      log: (line) => lines.push(line),
      quietMs: 20,
    });
    try {
      await started.idle();
      // The rebuild's line is written after its survey: wait for both.
      await vi.waitFor(
        () => {
          expect(readFileSync(join(early, 'src/generated/survey.json'), 'utf8')).toContain('Why not now?');
          expect(lines.join('\n')).toMatch(/^dev: survey\/cancellation\.yaml: survey \d+ ms/m);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await started.close();
      rmSync(early, { recursive: true, force: true });
    }
  });
});
