// `npm run start:cluster [-- N]`: N reference server processes (default 2) on one PostgreSQL, behind
// a round-robin front on PORT (default 8080). With DATABASE_URL they use that database; without it a
// throw-away cluster is started (its data is deleted on exit). Each process listens on a free
// loopback port of its own; PUBLIC_URL defaults to the front, so mailed links go through it.
// Stop with Ctrl-C: the front closes, every process finishes its requests, the throw-away cluster goes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startRoundRobin } from './round-robin.mjs';
import { startThrowawayCluster } from './throwaway-cluster.mjs';

const SERVER = 'dist/server/main.mjs';
const STARTUP_TIMEOUT_MS = 30_000;

const count = Number(process.argv[2] ?? process.env.PROCESSES ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 64) {
  console.error('usage: npm run start:cluster [-- N]   (N server processes, 1 to 64; default 2)');
  process.exit(2);
}
const host = process.env.HOST?.trim() || '127.0.0.1';
const port = Number(process.env.PORT?.trim() || 8080);
const front = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Starts one server process and resolves with it and its base URL once it prints what it serves. */
async function startProcess(index, env) {
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[server ${index + 1}] `);
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${index + 1} did not start in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /Cancellation area: (http:\/\/\S+)\/cancel\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${index + 1} exited with code ${code} before listening:\n${output}`));
    });
  });
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  return { child, base };
}

const cluster = process.env.DATABASE_URL?.trim() ? undefined : await startThrowawayCluster();
const databaseUrl = process.env.DATABASE_URL?.trim() || cluster.url;
const children = [];
let frontServer;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  frontServer?.close();
  await Promise.all(
    children.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }),
  );
  cluster?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

try {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL?.trim() || front,
  };
  // Started together: they migrate a new database one at a time (an advisory lock), then share it.
  children.push(...(await Promise.all(Array.from({ length: count }, (_, index) => startProcess(index, env)))));
  for (const { child } of children) {
    child.once('exit', (code) => {
      // Ctrl-C reaches every process of the terminal's group: the processes stopping then are not a failure.
      if (stopping) return;
      console.error(`a server process exited (code ${code}); stopping the cluster`);
      void shutdown(1);
    });
  }
  frontServer = await startRoundRobin({ host, port, backends: children.map(({ base }) => base) });
  const label = new URL(databaseUrl);
  if (label.password !== '') label.password = '***';
  console.log(
    [
      `Cluster: ${count} server processes on PostgreSQL ${label}${cluster ? ' (throw-away: deleted on exit)' : ''}`,
      ...children.map(({ base }, index) => `  process ${index + 1}: ${base}`),
      `Cancellation area: ${front}/cancel   (round robin over the processes)`,
      `Dev sign-in:       ${front}/dev/`,
      `Mailbox:           ${front}/dev/mailbox`,
      'Ctrl-C stops them all.',
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
