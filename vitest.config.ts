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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
