import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { linguiMacroVitePlugin } from './scripts/build/lingui-macro-plugin.mjs';

export default defineConfig({
  // The renderer's kinds of step use Lingui macros; a test that imports them gets them compiled as in the build.
  plugins: [linguiMacroVitePlugin()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    // The server tests run once on each store (npm test): a test of one store only names it in its file name.
    exclude: [...configDefaults.exclude, process.env.DATABASE_URL ? '**/*.sqlite.test.ts' : '**/*.postgres.test.ts'],
    environment: 'node',
    // Vitest's default leaves a core free, which is one worker of two on a 2-core machine: the server
    // tests wait on their servers' HTTP and database much of the time, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
