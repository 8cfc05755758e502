import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { linguiMacroVitePlugin } from './scripts/build/lingui-macro-plugin.mjs';

/**
 * The unit tests of the page's code stub browser globals, fake the clock or mock modules, and the
 * modules they test keep state of their own (a CSRF token, a chunk's retries): each of their files
 * gets fresh modules. The other tests share their worker's modules, since re-importing the server,
 * Fastify and the survey compiler for each file took a third of the run.
 */
const ISOLATED = ['tests/unit/api/**/*.test.ts', 'tests/unit/app/**/*.test.ts', 'tests/unit/monitoring/**/*.test.ts', 'tests/unit/survey/check-crash.test.ts'];

/** The server tests run once on each store (npm test): a test of one store only names it in its file name. */
const EXCLUDED = [...configDefaults.exclude, process.env.DATABASE_URL ? '**/*.sqlite.test.ts' : '**/*.postgres.test.ts'];

export default defineConfig({
  // The renderer's kinds of step use Lingui macros; a test that imports them gets them compiled as in the build.
  plugins: [linguiMacroVitePlugin()],
  test: {
    environment: 'node',
    // Vitest's default leaves a core free, which is one worker of two on a 2-core machine: the server
    // tests wait on their servers' HTTP and database much of the time, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    // The tools read a path given on their command line from npm's INIT_CWD (decision 189); the tests that
    // run them name paths from the project root, wherever `npm test` was typed.
    env: { INIT_CWD: process.cwd() },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDED, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'], exclude: [...EXCLUDED, ...ISOLATED], isolate: false } },
    ],
  },
});
