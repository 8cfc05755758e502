// End-to-end tests against the built reference server (npm run build first).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A fixed port of its own, so a developer's `npm start` on 8080 does not get in the way. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
const dbDir = process.env.E2E_DB_DIR ?? mkdtempSync(join(tmpdir(), 'cancel-e2e-'));
/** The server's SQLite file; the tests read stored submissions back from it. */
process.env.E2E_DB_FILE ??= join(dbDir, 'e2e.db');
process.env.E2E_DB_DIR = dbDir;
/** The example server: the same server on the example survey's bundle and app (scripts/examples/build-example.ts). */
export const E2E_EXAMPLE_PORT = Number(process.env.E2E_EXAMPLE_PORT ?? 8197);
process.env.E2E_EXAMPLE_DB_FILE ??= join(dbDir, 'example.db');
process.env.E2E_EXAMPLE_URL = `http://127.0.0.1:${E2E_EXAMPLE_PORT}`;

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

const { NODE_ENV: _ignored, ...serverEnv } = process.env;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    ...devices['Desktop Chrome'],
    // The tests of a worker share one browser context and tab, which Playwright resets between them
    // (cookies, storage, cache, routes, init scripts, clock, viewport; the guard fixture undoes the
    // rest). A new context and tab, and the app's first load in a new renderer, cost about 0.9
    // core-seconds a test more on two cores (decision 129).
    reuseContext: true,
    launchOptions: chromium,
    // Recording a trace of every test costs about a fifth of the suite's time on two cores, so it
    // is on when asked for (PW_TRACE=1 npm run test:e2e); a failure always keeps its screenshot.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node dist/server/main.mjs',
      url: `http://127.0.0.1:${E2E_PORT}/cancel/api/get-csrf-token/`,
      reuseExistingServer: false,
      timeout: 30_000,
      // NODE_ENV stays unset: the development routes (/dev/sign-in, /dev/mailbox.json) are on.
      env: { ...(serverEnv as Record<string, string>), PORT: String(E2E_PORT), HOST: '127.0.0.1', DB_FILE: process.env.E2E_DB_FILE },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server/main.mjs',
      url: `${process.env.E2E_EXAMPLE_URL}/cancel/api/get-csrf-token/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...(serverEnv as Record<string, string>),
        PORT: String(E2E_EXAMPLE_PORT),
        HOST: '127.0.0.1',
        DB_FILE: process.env.E2E_EXAMPLE_DB_FILE,
        BUNDLE_FILE: 'dist/example/generated/survey.json',
        APP_DIR: 'dist/example/app',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
