// The development server as a child process: started with its packages preloaded, restarted new-first,
// stopped, and never left behind. The server is bundled for the test with the build's own options,
// inside the project so that its packages resolve from node_modules.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../../build.mjs';
import { nodeServer, ServerSwitch } from '../../../scripts/dev/server-process';

const OUT_DIR = join(process.cwd(), 'dist', `dev-test-${process.pid}`);
const SERVER_FILE = join(OUT_DIR, 'main.mjs');
const STANDBY = fileURLToPath(new URL('../../../scripts/dev/server-standby.mjs', import.meta.url));
let dir: string;

beforeAll(async () => {
  await esbuild.build({ ...serverBuildOptions({ outfile: SERVER_FILE }), logLevel: 'silent' });
  dir = mkdtempSync(join(tmpdir(), 'cancel-dev-server-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
});

const reachable = (origin: string): Promise<'open' | 'closed'> =>
  fetch(`${origin}/dev/`).then(
    () => 'open',
    () => 'closed',
  );

describe('the development server process', () => {
  it('starts, restarts with the next server ready, and stops', async () => {
    const log: string[] = [];
    const servers = new ServerSwitch(
      nodeServer({
        root: process.cwd(),
        serverFile: SERVER_FILE,
        appDir: join(dir, 'app'),
        publicUrl: 'http://127.0.0.1:8080',
        log: (line) => log.push(line),
        env: { DB_FILE: join(dir, 'dev.sqlite') },
      }),
    );
    try {
      await servers.restart();
      const first = servers.origin ?? '';
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // The development routes are on.
      expect((await fetch(`${first}/dev/survey`)).status).toBe(200);

      // The next server is made ready a moment after a start; a restart then only lets it run.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await servers.restart();
      const second = servers.origin ?? '';
      expect(second).not.toBe(first);
      expect(await reachable(second)).toBe('open');
      // The old server finishes what it has in hand and closes.
      await expect.poll(() => reachable(first), { timeout: 10_000 }).toBe('closed');

      await servers.stop();
      expect(await reachable(second)).toBe('closed');
      expect(log).toEqual([]);
    } finally {
      await servers.stop();
    }
  }, 30_000);

  it('a started server shuts down when its stdin closes, as when npm run dev dies', async () => {
    const { NODE_ENV: _production, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', STANDBY, SERVER_FILE], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1', DB_FILE: join(dir, 'orphan.sqlite'), APP_DIR: join(dir, 'app'), LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      const origin = await new Promise<string>((resolve) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          const match = /^Cancellation area: (\S+)\/cancel/.exec(line);
          if (match?.[1]) resolve(match[1]);
        });
        child.stdin.write('start\n');
      });
      expect(await reachable(origin)).toBe('open');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(await reachable(origin)).toBe('closed');
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
