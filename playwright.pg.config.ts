// The browser smoke flow on PostgreSQL: the built reference server with DATABASE_URL, one spec
// (tests/e2e-pg). `npm run test:e2e:pg` runs it against a throw-away cluster (scripts/pg/with-postgres.mjs);
// the whole browser suite runs on SQLite (playwright.config.ts).
import { defineConfig, devices } from '@playwright/test';

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl) throw new Error('DATABASE_URL is not set: run npm run test:e2e:pg, which starts a throw-away PostgreSQL');

/** A port of its own, apart from the SQLite suite's 8199 and 8197, so both may run at once. */
const PORT = Number(process.env.E2E_PG_PORT ?? 8196);

const { NODE_ENV: _ignored, ...serverEnv } = process.env;

export default defineConfig({
  testDir: 'tests/e2e-pg',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node dist/server/main.mjs',
    url: `http://127.0.0.1:${PORT}/cancel/api/get-csrf-token/`,
    reuseExistingServer: false,
    timeout: 30_000,
    // NODE_ENV stays unset: the development routes (/dev/sign-in, /dev/mailbox.json) are on.
    env: { ...(serverEnv as Record<string, string>), PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
