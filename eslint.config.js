// Lint: TypeScript rules plus the import directions of docs/architecture.md, so they cannot rot.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/** Each zone forbids `target` from importing `from` (paths relative to the project root). */
const importDirections = [
  // model imports nothing of ours
  { target: './src/model', from: './src', except: ['./model'] },
  // engine: model only
  { target: './src/engine', from: './src', except: ['./model', './engine'] },
  // api, i18n, monitoring never reach up into the renderer, the app or the server
  ...['api', 'i18n', 'monitoring'].map((dir) => ({
    target: `./src/${dir}`,
    from: ['./src/renderer', './src/app', './src/server', './src/engine'],
  })),
  // renderer: never the app or the server
  { target: './src/renderer', from: ['./src/app', './src/server'] },
  // server: model, engine, generated data and schemas; never browser code
  {
    target: './src/server',
    from: ['./src/renderer', './src/app', './src/api', './src/i18n', './src/monitoring'],
  },
  // scripts: src/model and src/engine only (the tools that need the compiled survey read the JSON file)
  {
    target: './scripts',
    from: './src',
    except: ['./model', './engine'],
  },
  // nothing in src imports scripts
  { target: './src', from: './scripts' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'src/generated/', 'test-results/', 'playwright-report/', 'bench-results/'] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-*', '@rjsf/*', '@sentry/*', '@lingui/react'] }] },
  },
);
