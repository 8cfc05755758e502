// Builds the product: compiles survey/ into src/generated/, draws the survey pictures for the /dev/survey
// page into dist/survey-graph/, bundles the app into dist/app/ and the reference server into dist/server/main.mjs.
//   node build.mjs            production build
//   node build.mjs --dev      unminified, with source maps
// `npm run dev` (scripts/dev) imports the esbuild options from here, so the watched build bundles the same way.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { appBundlePlugin } from './scripts/build/app-bundle-plugin.mjs';
import { laterOnlySources } from './scripts/build/catalog-split.mjs';
import { compileHintsPlugin } from './scripts/build/compile-hints-plugin.mjs';
import { compressPlugin } from './scripts/build/compress-plugin.mjs';
import { leanModulesPlugin } from './scripts/build/lean-modules-plugin.mjs';
import { linguiMacroPlugin } from './scripts/build/lingui-macro-plugin.mjs';
import { loadedAfterPlugin } from './scripts/build/loaded-after-plugin.mjs';
import { preloadManifestPlugin } from './scripts/build/preload-manifest-plugin.mjs';
import { pureCallsPlugin } from './scripts/build/pure-calls-plugin.mjs';
import { unusedCodePlugin } from './scripts/build/unused-code-plugin.mjs';
import { unusedKindsPlugin } from './scripts/build/unused-kinds-plugin.mjs';

const root = process.cwd();
/** Where the production build puts the app, relative to the project root. */
export const APP_DIR = 'dist/app';
/** Where the production build puts the server bundle, relative to the project root. */
export const SERVER_FILE = 'dist/server/main.mjs';
/** The URL path the app's assets are served under. */
export const PUBLIC_PATH = '/cancel/assets';
const APP_ENTRY = 'src/app/main.ts';
/** The first script: starts the page's user load while the rest downloads (src/app/early.ts). */
const EARLY_ENTRY = 'src/app/early.ts';
const tsx = join(root, 'node_modules/.bin/tsx');

/** Runs one build step; its own output says what went wrong (with file, line and column), so no stack trace. */
function run(command, args) {
  try {
    execFileSync(command, args, { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
}

/** survey/ → src/generated/survey.json and the precompiled validators. */
const compileSurvey = () => run(tsx, ['scripts/survey/compile.ts']);

/** locales/*.po → src/generated/locales/*.ts, one lazily loaded chunk per language. */
const compileCatalogs = () => run(process.execPath, ['scripts/i18n/compile.mjs']);

/** Where the build lists the source files only the screens after a survey page's first ones reach. */
export const LATER_SOURCES_FILE = 'src/generated/locales/later-sources.json';

/**
 * Splits the app's catalogs by the app's module graph: the messages only the later screens use go to
 * a part they load (scripts/build/catalog-split.mjs, scripts/i18n/app-catalogs.ts). The graph is read
 * from a build of the app that writes nothing: it does not depend on what the catalogs hold.
 */
async function splitCatalogs(dev) {
  // The plugins that write files beside the output (the manifest, the hints, the compressed copies) do nothing when it is not written.
  const { metafile } = await esbuild.build({ ...appBuildOptions({ dev }), write: false, minify: false });
  writeFileSync(join(root, LATER_SOURCES_FILE), `${JSON.stringify(laterOnlySources(metafile), null, 2)}\n`);
  run(tsx, ['scripts/i18n/app-catalogs.ts', '--later-sources', LATER_SOURCES_FILE]);
}

/**
 * src/generated/survey.json → dist/survey-graph/<survey>-<view>.svg, embedded by the /dev/survey page.
 * Only a development aid: when Graphviz cannot draw, the build warns and goes on.
 */
function drawSurveyPictures() {
  try {
    execFileSync(tsx, ['scripts/dev/graph-pictures.ts'], { stdio: 'inherit' });
  } catch {
    console.warn('build: warning: the survey pictures were not drawn; /dev/survey shows none');
  }
}

/**
 * The esbuild options of the app: code-split ES modules with hashed names, so every chunk can be cached
 * for good. `appDir` is the folder the server serves (index.html and assets/).
 * @param {{ dev?: boolean, appDir?: string }} [options]
 * @returns {import('esbuild').BuildOptions & { metafile: true }}
 */
export function appBuildOptions({ dev = false, appDir = join(root, APP_DIR) } = {}) {
  return {
    entryPoints: { main: APP_ENTRY, early: EARLY_ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // The browsers the page supports, and nothing older: a language level on top (es2020) would have
    // class fields, which all of them run, rewritten into helper calls.
    target: ['chrome100', 'firefox100', 'safari15'],
    outdir: join(appDir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    legalComments: 'none',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      // A build that lets missing translations through keeps Lingui's message compiler (src/i18n).
      'process.env.I18N_ALLOW_MISSING': JSON.stringify(process.env.I18N_ALLOW_MISSING === '1' ? '1' : ''),
    },
    metafile: true,
    logLevel: 'warning',
    // leanModulesPlugin: smaller stand-ins for library modules of which RJSF needs one small part;
    // unusedCodePlugin: library code no survey runs stays out; pureCallsPlugin: so do the router's
    // components no route renders; unusedKindsPlugin: so do the kinds of step no survey asks;
    // appBundlePlugin: the compiled bundle without what only the server reads; preloadManifestPlugin:
    // preloads.json, the files of the app's start, each screen, catalog and step validator, for the
    // server to preload; compileHintsPlugin: the large chunks compiled eagerly, off the main thread;
    // compressPlugin: .br/.gz beside each file (after the hints); loadedAfterPlugin: the modules that
    // load together share their chunks.
    plugins: [
      loadedAfterPlugin(),
      linguiMacroPlugin({ stripMessageField: !dev }),
      unusedCodePlugin(),
      leanModulesPlugin(),
      pureCallsPlugin(),
      unusedKindsPlugin(),
      appBundlePlugin(),
      preloadManifestPlugin({ entries: [APP_ENTRY, EARLY_ENTRY], publicPath: PUBLIC_PATH }),
      ...(dev ? [] : [compileHintsPlugin(), compressPlugin()]),
    ],
  };
}

/**
 * The esbuild options of the reference server: one ES module; npm packages stay external (better-sqlite3 is native).
 * @param {{ outfile?: string }} [options]
 * @returns {import('esbuild').BuildOptions}
 */
export function serverBuildOptions({ outfile = join(root, SERVER_FILE) } = {}) {
  return {
    entryPoints: ['src/server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    sourcemap: 'linked',
    logLevel: 'warning',
    // The app's screens the server renders (src/ssr) are written with Lingui's macros and JSX, and
    // their precompiled validators are CommonJS that requires ajv's runtime, external here.
    jsx: 'automatic',
    banner: { js: "import { createRequire as __serverRequire } from 'node:module'; const require = __serverRequire(import.meta.url);" },
    define: { 'process.env.I18N_ALLOW_MISSING': JSON.stringify(process.env.I18N_ALLOW_MISSING === '1' ? '1' : '') },
    plugins: [linguiMacroPlugin({ stripMessageField: true })],
  };
}

/** The app: built into dist/app/, with its index.html; the metafile is kept beside it for reports. */
async function buildApp(dev) {
  const appDir = join(root, APP_DIR);
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  const result = await esbuild.build(appBuildOptions({ dev, appDir }));
  // Kept beside dist/app, not in it: the server serves dist/app and the metafile is for reports only.
  writeFileSync(join(root, 'dist/app-meta.json'), JSON.stringify(result.metafile));
  writeFileSync(join(appDir, 'index.html'), indexHtml(result.metafile, appDir));
}

const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page shell: no inline script or style, so it runs under a strict Content-Security-Policy.
 * @param {import('esbuild').Metafile} metafile the app build's metafile
 * @param {string} [appDir] the folder the app was built into (absolute, or relative to the project root)
 */
export function indexHtml(metafile, appDir = APP_DIR) {
  const outputs = Object.entries(metafile.outputs);
  const output = (entryPoint) => {
    const found = outputs.find(([, o]) => o.entryPoint === entryPoint);
    if (!found) throw new Error(`the app bundle has no output for ${entryPoint}`);
    return found;
  };
  const [entryFile, entry] = output(APP_ENTRY);
  const [earlyFile, early] = output(EARLY_ENTRY);
  const assetsDir = relative(root, join(resolve(root, appDir), 'assets'));
  const url = (file) => `${PUBLIC_PATH}/${file.slice(assetsDir.length + 1)}`;
  const imported = [...early.imports, ...entry.imports].filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const preloads = [...new Set(imported)].map((path) => `<link rel="modulepreload" href="${url(path)}">`);
  const css = entry.cssBundle ? `<link rel="stylesheet" href="${url(entry.cssBundle)}">` : '';
  // Until a screen names itself in the page's language, the title is the provider's name, which
  // reads the same in every language.
  const provider = JSON.parse(readFileSync(join(root, 'src/generated/survey.json'), 'utf8')).provider.name;
  // The early script is async: it runs as soon as it and its few imports arrive, not after main's.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(provider)}</title>
<link rel="icon" href="data:,">
<script type="module" async src="${url(earlyFile)}"></script>
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

/** The reference server as one ES module. */
async function buildServer() {
  await esbuild.build(serverBuildOptions());
}

/** The whole build, as `node build.mjs [--dev]` runs it. */
async function main() {
  const dev = process.argv.includes('--dev');
  compileSurvey();
  compileCatalogs();
  await splitCatalogs(dev);
  drawSurveyPictures();
  await buildApp(dev);
  await buildServer();
  console.log(`build: ${dev ? 'development' : 'production'} build written to dist/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
