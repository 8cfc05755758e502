// A throw-away PostgreSQL cluster: initdb into a temporary directory, a server on a free loopback
// port with durability switched off (nothing in it outlives the run), and a stop() that removes it
// all. No Docker: the Debian binaries (ensure-postgres.mjs installs them when missing). As root, the
// cluster runs as the `postgres` user, since initdb and postgres refuse to run as root.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinDir } from './ensure-postgres.mjs';

/** A port the kernel just handed out on 127.0.0.1 (free a moment ago). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runPostgresTool(binDir, tool, args) {
  const command = join(binDir, tool);
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Settings of a cluster whose data may be lost: fast, and room for many test servers' pools. */
const SETTINGS = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '400',
  shared_buffers: '64MB',
};

/**
 * Starts a throw-away cluster and resolves with its URL (superuser `postgres`, trust auth on
 * loopback, database `postgres`) and stop(), which stops the server and deletes its directory.
 */
export async function startThrowawayCluster() {
  const binDir = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'cancel-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runPostgresTool(binDir, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running (it failed to start, or was stopped already): only the directory is left.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runPostgresTool(binDir, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
    const options = Object.entries(SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
    // The port is free when asked, but another process may take it first: try a few.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      try {
        runPostgresTool(binDir, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', [`-p ${port}`, `-k ${dir}`, ...options].join(' '), 'start']);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
      } catch (error) {
        if (attempt >= 3) {
          let serverLog = '';
          try {
            serverLog = readFileSync(log, 'utf8');
          } catch {
            // No log written.
          }
          throw new Error(`could not start PostgreSQL: ${error instanceof Error ? error.message : String(error)}\n${serverLog}`);
        }
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}
