// Lint: TypeScript rules plus the import directions of docs/architecture.md, so they cannot rot.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The folders of docs/architecture.md ("Layout and import directions") and the folders of ours each
 * may import besides its own (paths relative to the project root; packages are always allowed).
 * Keep this list and that table in agreement. No script imports src/generated: the tools that need
 * the compiled survey read the JSON file.
 */
const layers = {
  './src/model': [],
  './src/engine': ['./src/model'],
  './src/api': ['./src/model'],
  './src/i18n': ['./src/model', './src/generated'],
  './src/monitoring': ['./src/model'],
  './src/renderer': ['./src/model', './src/engine', './src/api', './src/i18n', './src/monitoring', './src/generated'],
  './src/app': ['./src/model', './src/engine', './src/renderer', './src/api', './src/i18n', './src/monitoring', './src/generated'],
  './src/generated': [],
  './src/ssr': ['./src/app', './src/engine', './src/model', './src/i18n'],
  './src/server': ['./src/model', './src/engine', './src/generated', './schemas', './src/ssr'],
  './src/server/dev': ['./src/model', './src/engine', './src/server'],
  './scripts/kinds': [],
  './scripts/survey': ['./src/model', './src/engine', './schemas', './scripts/kinds'],
  './scripts/survey-tools': ['./src/model', './src/engine', './scripts/survey'],
  './scripts/i18n': ['./src/model', './scripts/survey'],
  './scripts/build': [],
  './scripts/bench': ['./src/model', './src/app/first-screen-state.ts', './scripts/survey', './scripts/build', './scripts/pg', './build.mjs'],
  './scripts/dev': ['./src/model', './scripts/kinds', './scripts/survey', './scripts/survey-tools', './build.mjs'],
  './scripts/responses': ['./src/model', './src/engine', './scripts/survey-tools'],
  './scripts/examples': ['./src/model', './scripts/survey', './build.mjs'],
  './scripts/pg': ['./scripts/apt-install.mjs'],
  './scripts/test': [],
};

/** Each zone forbids `target` from importing `from` but for `except` (paths relative to `from`). */
const importDirections = [
  ...Object.entries(layers).map(([folder, allowed]) => ({
    target: folder,
    from: '.',
    except: ['./node_modules', folder, ...allowed],
    message: `${folder.slice(2)} may import ${allowed.map((path) => path.slice(2)).join(', ') || 'only its own files'} (docs/architecture.md).`,
  })),
  // Only server.ts registers the development pages; the API routes and the rest of the server never reach them.
  {
    target: ['./src/server/!(server.ts)', './src/server/!(dev)/**/*'],
    from: './src/server/dev',
    message: 'Only src/server/server.ts imports src/server/dev.',
  },
  // Anything not in the table yet (scripts/ensure-browser.mjs, a new folder) keeps the general directions.
  { target: './scripts', from: './src', except: ['./model', './engine', './app/first-screen-state.ts'] },
  { target: './src', from: ['./scripts', './tests'] },
];

export default tseslint.config(
  {
    // Of src/generated only the compiler's TypeScript is linted (for its import zone): the validators
    // are ajv's output and the compiled catalogs Lingui's, which opens them with /*eslint-disable*/.
    ignores: [
      'node_modules/', 'dist/', 'data/', 'src/generated/**/*.{cjs,cts}', 'src/generated/locales/',
      'test-results/', 'playwright-report/', 'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        window: 'readonly', document: 'readonly', fetch: 'readonly', sessionStorage: 'readonly',
      },
    },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importDirections }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-new-func': 'error',
      'no-eval': 'error',
    },
  },
  {
    // react-router's <Link> and <NavLink> bring its framework mode's route prefetching into the first
    // screen's router chunk, whichever page uses them (src/app/components/RouteLink.tsx).
    files: ['src/app/**', 'src/renderer/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', importNames: ['Link', 'NavLink'], message: 'Use RouteLink (src/app/components/RouteLink.tsx).' }],
        },
      ],
    },
  },
  {
    // The engine and the model stay pure: no React, no DOM, no fetch.
    files: ['src/model/**', 'src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', '@rjsf/*', '@sentry/*', '@lingui/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'sessionStorage', 'localStorage'],
    },
  },
  {
    // Every browser test runs under the shared fixture, which fails it on a Content-Security-Policy
    // violation, a page error or a console error (tests/e2e/csp.spec.ts checks the same).
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import test and expect from './support/fixtures': it fails the test on a CSP violation.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['react', 'react-*', '@rjsf/*', '@sentry/*', '@lingui/react'],
          // Routes, dev pages and the rest of the server go through the Store, never SQL (docs/architecture.md).
          paths: ['better-sqlite3', 'pg'].map((name) => ({ name, message: 'Only src/server/store/sql opens a database; use the Store (src/server/store/store.ts).' })),
        },
      ],
    },
  },
  {
    files: ['src/server/store/sql/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-*', '@rjsf/*', '@sentry/*', '@lingui/react'] }] },
  },
);
