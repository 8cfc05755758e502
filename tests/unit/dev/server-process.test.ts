// The development server as a child process: started with its packages preloaded, restarted new-first,
// and stopped. The server is bundled for the test with the build's own options, inside the project so
// that its packages resolve from node_modules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../../build.mjs';
import { nodeServer, ServerSwitch } from '../../../scripts/dev/server-process';

const OUT_DIR = join(process.cwd(), 'dist', `dev-test-${process.pid}`);
const SERVER_FILE = join(OUT_DIR, 'main.mjs');
let dir: string;

beforeAll(async () => {
  await esbuild.build({ ...serverBuildOptions({ outfile: SERVER_FILE }), logLevel: 'silent' });
  dir = mkdtempSync(join(tmpdir(), 'cancel-dev-server-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe('the development server process', () => {
  it('starts, restarts with the next server ready, and stops', async () => {
    const log: string[] = [];
    const launcher = nodeServer({
      root: process.cwd(),
      serverFile: SERVER_FILE,
      appDir: join(dir, 'app'),
      publicUrl: 'http://127.0.0.1:8080',
      log: (line) => log.push(line),
      env: { DB_FILE: join(dir, 'dev.sqlite') },
    });
    const servers = new ServerSwitch(launcher);
    await servers.restart();
    const first = servers.origin;
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${first}/dev/`)).status).toBe(200);
    // The development routes are on.
    expect((await fetch(`${first}/dev/survey`)).status).toBe(200);

    // The next server is made ready a moment after a start; a restart then only lets it run.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await servers.restart();
    const second = servers.origin;
    expect(second).not.toBe(first);
    expect((await fetch(`${second}/dev/`)).status).toBe(200);
    // The old server finishes and closes.
    await expect.poll(() => fetch(`${first}/cancel/api/get-csrf-token/`).then(() => 'open', () => 'closed'), { timeout: 10_000 }).toBe('closed');

    await servers.stop();
    await expect(fetch(`${second}/cancel/api/get-csrf-token/`)).rejects.toThrow();
    expect(log).toEqual([]);
  }, 30_000);
});
