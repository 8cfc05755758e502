// Bench: survey storage at scale on each store. 200 connections for 30 s against POST survey-storage
// on the built server: SQLite (one process), PostgreSQL (one process), PostgreSQL (two processes
// behind the round-robin front of `npm run start:cluster`). The requests come from many signed-in
// customers in turn. After each run it counts the rows stored and checks them against the answers:
// every 2xx answer names a stored row, and a row without an answer can only be a request still in
// flight when the run stopped.
// Run alone with `tsx scripts/bench/storage-scale.ts [CONNECTIONS] [SECONDS]` after `npm run build`.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startRoundRobin } from '../pg/round-robin.mjs';
import { startThrowawayCluster } from '../pg/throwaway-cluster.mjs';
import { PERSONA, payload } from './server';
import { BUILT_SERVER, runLoadBenchFromCommandLine, signedInCustomer, startBuiltServer, writeHeaders, type RunningServer, type SignedInCustomer } from './serve';

/** The part of autocannon's (untyped) API and result this bench uses. */
interface Result {
  /** `sent`: requests written; `total`: answers read. */
  requests: { average: number; sent: number; total: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface Request {
  method: 'POST';
  path: string;
  setupRequest: (request: { headers?: Record<string, string> }) => { headers: Record<string, string>; body: string; method: 'POST'; path: string };
  onResponse: (status: number, body: string) => void;
}
type Autocannon = (options: { url: string; connections: number; duration: number; requests: Request[] }) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Customers signed in before the run; the requests go to them in turn. */
const CUSTOMERS = 200;
const STORE_PATH = '/cancel/api/survey-storage/survey-monitoring/';

/** One measured setup: where to send the requests, and how to count the rows stored. */
interface Setup {
  label: string;
  base: string;
  rows: () => Promise<number>;
  stop: () => Promise<void>;
}

async function measure(setup: Setup, connections: number, seconds: number): Promise<string[]> {
  const customers: SignedInCustomer[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await signedInCustomer(setup.base, PERSONA.id));
  const body = JSON.stringify(payload());
  let next = 0;
  const acknowledged = new Set<number>();
  const result = await autocannon({
    url: setup.base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: STORE_PATH,
        setupRequest: () => {
          const who = customers[next % customers.length] as SignedInCustomer;
          next += 1;
          return { method: 'POST', path: STORE_PATH, body, headers: writeHeaders(who) };
        },
        onResponse: (status, text) => {
          if (status < 200 || status >= 300) return;
          const id = (JSON.parse(text) as { id?: unknown }).id;
          if (typeof id === 'number') acknowledged.add(id);
        },
      },
    ],
  });
  // Requests the server had when the clients went away finish (or not) now; then count.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rows = await setup.rows();
  const inFlight = Math.max(0, result.requests.sent - result.requests.total);
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  const consistent = rows >= acknowledged.size && rows <= acknowledged.size + inFlight;
  return [
    `${setup.label}: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `${setup.label}: answers ${statuses || 'none'}; ${result.errors} errors (${result.timeouts} timeouts)`,
    `${setup.label}: ${rows} rows stored; ${result['2xx']} 2xx answers naming ${acknowledged.size} rows; ${inFlight} requests in flight at the end: ${consistent ? 'every row accounted for' : 'MISMATCH'}`,
  ];
}

/** The built server on a SQLite file of its own. */
async function sqliteSetup(dir: string, serverFile: string): Promise<Setup> {
  const dbFile = join(dir, 'scale.sqlite');
  const server = await startBuiltServer(dbFile, {}, serverFile);
  return {
    label: 'SQLite, 1 process',
    base: server.base,
    rows: async () => {
      const db = new Database(dbFile, { readonly: true });
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM survey_submissions').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    stop: server.stop,
  };
}

/** `processes` built servers on a new database of the PostgreSQL at `url`, behind the round-robin front when more than one. */
async function postgresSetup(url: string, name: string, processes: number, serverFile: string): Promise<Setup> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const servers: RunningServer[] = [];
  for (let i = 0; i < processes; i += 1) servers.push(await startBuiltServer('', { DATABASE_URL: databaseUrl.toString() }, serverFile));
  let front: Server | undefined;
  let base = servers[0]?.base ?? '';
  if (processes > 1) {
    front = await startRoundRobin({ host: '127.0.0.1', port: 0, backends: servers.map((s) => s.base) });
    const address = front.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  }
  return {
    label: `PostgreSQL, ${processes} process${processes === 1 ? '' : 'es'}`,
    base,
    rows: async () => {
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      try {
        return Number((await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM survey_submissions')).rows[0]?.n);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      front?.close();
      for (const server of servers) await server.stop();
    },
  };
}

/** Every setup in turn, one report line per measure. */
export async function benchStorageScale(serverFile = BUILT_SERVER, connections = 200, seconds = 30): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cancel-scale-'));
  const cluster = await startThrowawayCluster();
  const lines = [`survey storage, ${connections} connections for ${seconds} s, ${CUSTOMERS} signed-in customers in turn (loopback, all on this machine):`];
  try {
    const setups = [
      () => sqliteSetup(dir, serverFile),
      () => postgresSetup(cluster.url, 'scale_one', 1, serverFile),
      () => postgresSetup(cluster.url, 'scale_two', 2, serverFile),
    ];
    for (const start of setups) {
      const setup = await start();
      try {
        lines.push(...(await measure(setup, connections, seconds)));
      } finally {
        await setup.stop();
      }
    }
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBenchFromCommandLine((connections, seconds) => benchStorageScale(BUILT_SERVER, connections, seconds), { connections: 200, seconds: 30 });
}
