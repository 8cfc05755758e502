// Builds the product: compiles survey/ into src/generated/, bundles the app into dist/app/
// and the reference server into dist/server/main.mjs.
//   node build.mjs            production build
//   node build.mjs --dev      unminified, with source maps
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { linguiMacroPlugin } from './scripts/build/lingui-macro-plugin.mjs';

const dev = process.argv.includes('--dev');
const root = process.cwd();
const appOut = join(root, 'dist/app');
const PUBLIC_PATH = '/cancel/assets';

/** Runs one build step; its own output says what went wrong (with file, line and column), so no stack trace. */
function run(command, args) {
  try {
    execFileSync(command, args, { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
}

/** survey/ → src/generated/survey.json and the precompiled validators. */
const compileSurvey = () => run(join(root, 'node_modules/.bin/tsx'), ['scripts/survey/compile.ts']);

/** locales/*.po → src/generated/locales/*.ts, one lazily loaded chunk per language. */
const compileCatalogs = () => run(process.execPath, ['scripts/i18n/compile.mjs']);

/** The app: code-split ES modules with hashed names, so every chunk can be cached for good. */
async function buildApp() {
  rmSync(appOut, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { main: 'src/app/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: join(appOut, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    publicPath: PUBLIC_PATH,
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    metafile: true,
    logLevel: 'warning',
    plugins: [linguiMacroPlugin({ stripMessageField: !dev })],
  });
  // Kept beside dist/app, not in it: the server serves dist/app and the metafile is for reports only.
  writeFileSync(join(root, 'dist/app-meta.json'), JSON.stringify(result.metafile));
  writeFileSync(join(appOut, 'index.html'), indexHtml(result.metafile));
}

/** The page shell: no inline script or style, so it runs under a strict Content-Security-Policy. */
function indexHtml(metafile) {
  const outputs = Object.entries(metafile.outputs);
  const [entryFile, entry] = outputs.find(([, o]) => o.entryPoint === 'src/app/main.tsx') ?? [];
  if (!entryFile || !entry) throw new Error('the app bundle has no entry output');
  const url = (file) => `${PUBLIC_PATH}/${file.slice(join('dist/app/assets').length + 1)}`;
  const preloads = entry.imports.filter((i) => i.kind === 'import-statement').map((i) => `<link rel="modulepreload" href="${url(i.path)}">`);
  const css = entry.cssBundle ? `<link rel="stylesheet" href="${url(entry.cssBundle)}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cancel subscription</title>
<link rel="icon" href="data:,">
${css}
<script type="module" src="${url(entryFile)}"></script>
${preloads.join('\n')}
</head>
<body>
<div id="root"></div>
</body>
</html>
`;
}

/** The reference server as one ES module; npm packages stay external (better-sqlite3 is native). */
async function buildServer() {
  await esbuild.build({
    entryPoints: ['src/server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: join(root, 'dist/server/main.mjs'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

compileSurvey();
compileCatalogs();
mkdirSync(appOut, { recursive: true });
await buildApp();
await buildServer();
console.log(`build: ${dev ? 'development' : 'production'} build written to dist/`);
