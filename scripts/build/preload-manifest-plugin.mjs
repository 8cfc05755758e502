// esbuild plugin: writes preloads.json beside the app, naming for the app's start, each screen and
// each language catalog (all loaded with import()) the files it needs beyond what the page shell
// preloads already. The server adds them to the page as <link rel="modulepreload"> for the screen the URL
// asks for and the session's language (src/server/preloads.ts), so the browser fetches them with
// the app's first scripts instead of discovering them one round trip after another.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { LATER_ENTRIES } from './catalog-split.mjs';
import { entrySource } from './loaded-after-plugin.mjs';
import { onWritten } from './on-written.mjs';
import { staticClosure } from './output-graph.mjs';

/** The manifest's name, in the folder the server serves the app from (beside index.html). */
export const PRELOADS_FILE = 'preloads.json';

/** What gets a list: the app's start, the entry modules of the screens and of the catalogs, by their source path. */
const START = 'src/app/start.tsx';
const SCREEN = /^src\/app\/pages\/([A-Za-z]+)\.tsx$/;
const CATALOG = /^src\/generated\/locales\/(?:app\/)?([a-z]{2})\.ts$/;
/** The later screens' part of a catalog (src/i18n, loadLaterMessages). */
const LATER_CATALOG = /^src\/generated\/locales\/app\/([a-z]{2})\.later\.ts$/;

/** The screens whose loaders load the later part of the catalog with them (scripts/build/catalog-split.mjs). */
const LATER_SCREENS = LATER_ENTRIES.flatMap((entry) => SCREEN.exec(entry)?.[1] ?? []).sort();

/**
 * The manifest of a build: `{ app: [url, ...], screens: { SurveyPage: [url, ...] }, catalogs: { en: [url, ...] },
 * laterCatalogs: { en: [url, ...] }, laterScreens: ['MainPage', ...] }`, each list of files in load order
 * and without the files the entry point preloads already; `laterScreens` names the screens that load
 * the later part of their language's catalog.
 * @param {import('esbuild').Metafile} metafile
 * @param {{ entries: string[], outdir: string, publicPath: string }} options
 */
export function preloadManifest(metafile, { entries, outdir, publicPath }) {
  const outputs = metafile.outputs;
  const shell = new Set();
  for (const file of Object.keys(outputs)) if (entries.includes(entrySource(outputs[file].entryPoint) ?? '')) staticClosure(outputs, file, shell);
  const url = (file) => `${publicPath}/${relative(outdir, file).split('\\').join('/')}`;
  const manifest = { app: [], screens: {}, catalogs: {}, laterCatalogs: {}, laterScreens: LATER_SCREENS };
  for (const [file, output] of Object.entries(outputs)) {
    const entry = entrySource(output.entryPoint) ?? '';
    const start = entry === START;
    const screen = SCREEN.exec(entry)?.[1];
    const catalog = CATALOG.exec(entry)?.[1];
    const laterCatalog = LATER_CATALOG.exec(entry)?.[1];
    if (!start && !screen && !catalog && !laterCatalog) continue;
    const files = [...staticClosure(outputs, file)].filter((f) => !shell.has(f) && f.endsWith('.js')).map(url);
    if (start) manifest.app = files;
    else if (screen) manifest.screens[screen] = files;
    else if (catalog) manifest.catalogs[catalog] = files;
    else manifest.laterCatalogs[laterCatalog] = files;
  }
  return manifest;
}

/**
 * @param {{ entries: string[], publicPath?: string }} options the app's entry modules (their outputs are preloaded by the page shell), and where the assets are served (default: the build's publicPath)
 * @returns {import('esbuild').Plugin}
 */
export function preloadManifestPlugin({ entries, publicPath: servedAt }) {
  return {
    name: 'preload-manifest',
    setup(build) {
      onWritten(build, (metafile) => {
        const { outdir } = build.initialOptions;
        const publicPath = servedAt ?? build.initialOptions.publicPath ?? '';
        if (!outdir) return;
        const relativeOutdir = relative(process.cwd(), outdir);
        const manifest = preloadManifest(metafile, { entries, outdir: relativeOutdir, publicPath });
        writeFileSync(join(dirname(outdir), PRELOADS_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      });
    },
  };
}
