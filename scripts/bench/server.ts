// Bench: throughput and tail latency of the survey-storage call on the built server.
// Run alone with `tsx scripts/bench/server.ts [CONNECTIONS] [SECONDS]` after `npm run build`;
// scripts/bench/index.ts calls benchServer() with the server it built. The server runs as a child
// process on a free loopback port with a temporary database, so the bench measures what
// `npm start` serves and leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SurveyPayload } from '../../src/model';
import { BUILT_SERVER, runLoadBenchFromCommandLine, signedInCustomer, startBuiltServer, writeHeaders } from './serve';

/** The persona the benches sign in as. */
export const PERSONA = { id: 'paid-monthly', email: 'mia.monthly@example.com' };

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
export async function benchServer(serverFile = BUILT_SERVER, connections = 10, durationSeconds = 5): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cancel-bench-'));
  // The bench measures the route, not the per-account limit that keeps one customer from flooding it.
  const server = await startBuiltServer(join(dir, 'bench.sqlite'), { SURVEY_RATE_LIMIT: '1000000000' }, serverFile);
  try {
    const headers = writeHeaders(await signedInCustomer(server.base, PERSONA.id));
    const url = `${server.base}/cancel/api/survey-storage/survey-monitoring/`;
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
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBenchFromCommandLine((connections, seconds) => benchServer(BUILT_SERVER, connections, seconds), { connections: 10, seconds: 5 });
}
