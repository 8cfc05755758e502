// `node scripts/pg/with-postgres.mjs COMMAND [ARGS...]`: starts a throw-away PostgreSQL cluster,
// runs the command with DATABASE_URL pointing at it, then stops the cluster and deletes it, and
// exits with the command's code. `npm run test:server:pg` runs the server tests so.
import { spawn } from 'node:child_process';
import { startThrowawayCluster } from './throwaway-cluster.mjs';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('usage: node scripts/pg/with-postgres.mjs COMMAND [ARGS...]');
  process.exit(2);
}

const cluster = await startThrowawayCluster();
console.log(`with-postgres: a throw-away PostgreSQL at ${cluster.url}`);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code = await new Promise((resolve) => {
  child.once('error', (error) => {
    console.error(`with-postgres: could not run ${command}: ${error.message}`);
    resolve(1);
  });
  child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal === null ? 1 : 128)));
});
cluster.stop();
process.exit(code);
