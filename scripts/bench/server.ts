// Bench: throughput and tail latency of the survey-storage call on the real server entry point.
// Run alone with `tsx scripts/bench/server.ts [CONNECTIONS] [SECONDS]`; scripts/bench/index.ts may call benchServer().
// The server runs as a child process (src/server/main.ts through tsx) on a free loopback port with a
// temporary database, so the bench measures what `npm start` serves and leaves nothing behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SurveyPayload } from '../../src/model';
import { runLoadBenchFromCommandLine } from './serve';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The persona the benches sign in as. */
export const PERSONA = { id: 'paid-monthly', email: 'mia.monthly@example.com' };
const STARTUP_TIMEOUT_MS = 30_000;

/** The part of autocannon's (untyped) API this bench uses. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  method: 'POST';
  connections: number;
  duration: number;
  headers: Record<string, string>;
  body: string;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Starts the server and resolves with its base URL once it prints the URLs it serves. */
async function startServer(dbFile: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DB_FILE: dbFile,
      // The bench measures the route, not the per-account limit that keeps one customer from flooding it.
      SURVEY_RATE_LIMIT: '1000000000',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Cancellation area: (http:\/\/127\.0\.0\.1:\d+)\/cancel/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${String(code)} before listening:\n${output}`));
    });
  });
  return { child, base };
}

/** Signs in as the bench persona; returns the cookie header and the session's CSRF token. */
async function signIn(base: string): Promise<{ cookie: string; csrfToken: string }> {
  const response = await fetch(`${base}/dev/sign-in?persona=${PERSONA.id}`, { redirect: 'manual' });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (response.status !== 302 || cookie === '') throw new Error(`sign-in failed with ${response.status}`);
  const token = await fetch(`${base}/cancel/api/get-csrf-token/`, { headers: { cookie } });
  const body: unknown = await token.json();
  if (typeof body !== 'object' || body === null || !('csrf_token' in body) || typeof body.csrf_token !== 'string') {
    throw new Error(`get-csrf-token answered ${token.status} without a token`);
  }
  return { cookie, csrfToken: body.csrf_token };
}

/** A whole survey payload for PERSONA, as the page posts it. */
export function payload(): SurveyPayload {
  return {
    timestamp: new Date().toISOString(),
    name: 'Mia Monthly',
    email: PERSONA.email,
    accepted_terms: true,
    toolkit: 'seo',
    survey: {
      first_question: {
        question: 'Please let us know why you’re leaving',
        question_translated: 'Please let us know why you’re leaving',
        // An answer that leads straight to the closing form: the payload is a whole path (the server checks it).
        answers: ['I have another account / I want to change my subscription'],
        answers_translated: ['I have another account / I want to change my subscription'],
        comment: '',
      },
    },
    path: [{ step: 'reason', answer: 'another-account' }, { step: 'final' }],
  };
}

/**
 * Runs autocannon (loopback, bounded) against POST /cancel/api/survey-storage/survey-monitoring/
 * with a valid payload and returns the report, one line per measure.
 */
export async function benchServer(connections = 10, durationSeconds = 5): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cancel-bench-'));
  const { child, base } = await startServer(join(dir, 'bench.sqlite'));
  try {
    const { cookie, csrfToken } = await signIn(base);
    const url = `${base}/cancel/api/survey-storage/survey-monitoring/`;
    const headers = { cookie, 'x-csrftoken': csrfToken, 'content-type': 'application/json' };
    const body = JSON.stringify(payload());
    const probe = await fetch(url, { method: 'POST', headers, body });
    if (probe.status !== 200) throw new Error(`a single survey POST answered ${probe.status}: ${await probe.text()}`);

    const result = await autocannon({ url, method: 'POST', connections, duration: durationSeconds, headers, body });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
    }
    return [
      `server survey-storage POST (${connections} connections, ${durationSeconds} s, loopback): ${Math.round(result.requests.average)} requests/s`,
      `server survey-storage POST latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `server survey-storage POST total: ${result.requests.total} stored, ${result.timeouts} timeouts`,
    ];
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBenchFromCommandLine(benchServer, { connections: 10, seconds: 5 });
}
