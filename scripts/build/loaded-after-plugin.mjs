// esbuild plugin: tells the bundler which lazily loaded module is only ever loaded after which other.
// With code splitting, esbuild puts each module in the chunk of the exact set of entry points that
// reach it, not knowing that a screen is only ever loaded by the app's start, or the survey page's
// later screens only by the survey page. So a module the survey page and its later screens share is
// one chunk, one only the survey page reaches another, and so on: its first screen was 25 files, and
// 5.7 KB gzip went on the files being apart. Each module loaded after another here is reached through
// a wrapper that also imports what it is loaded after (loaded already when it loads: no byte more
// comes with it), so the modules that load together share their entry points, and their chunks.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const NAMESPACE = 'loaded-after';

/** Each lazily loaded module (a path from the project root, or a pattern of them) and what it is only loaded after. */
export const LOADED_AFTER = [
  // The screens: App (with the app's start) loads them.
  { module: /^src\/app\/pages\/[A-Za-z]+\.tsx$/, after: 'src/app/start.tsx' },
  // The survey page's later screens: its survey screen loads them.
  { module: 'src/app/survey/later-screens.ts', after: 'src/app/pages/SurveyPage.tsx' },
];

/** The source path (from the project root) of an output's entry point, wrapped here or not. */
export function entrySource(entryPoint) {
  return entryPoint?.startsWith(`${NAMESPACE}:`) ? entryPoint.slice(NAMESPACE.length + 1) : entryPoint;
}

const toPosix = (path) => path.split(sep).join('/');

/**
 * @param {typeof LOADED_AFTER} [rules]
 * @returns {import('esbuild').Plugin}
 */
export function loadedAfterPlugin(rules = LOADED_AFTER) {
  const ruleFor = (source) => rules.find(({ module }) => (typeof module === 'string' ? module === source : module.test(source)));
  return {
    name: 'loaded-after',
    setup(build) {
      /** The wrapper of a module loaded after another, or the module itself. */
      const wrapperOrFile = (source, file) => {
        const rule = ruleFor(source);
        return rule ? { path: source, namespace: NAMESPACE, pluginData: { file, after: rule.after } } : { path: file };
      };
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.[NAMESPACE]) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { [NAMESPACE]: true } });
        if (resolved.errors.length > 0 || resolved.namespace !== 'file') return undefined;
        const wrapped = wrapperOrFile(toPosix(relative(root, resolved.path)), resolved.path);
        return wrapped.namespace ? wrapped : undefined;
      });
      // What a wrapper is loaded after, itself through its own wrapper where it has one, so that
      // everything it is loaded after is reached from it.
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => {
        const source = args.path.slice(NAMESPACE.length + 1);
        return wrapperOrFile(source, join(root, source));
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const { file, after } = args.pluginData;
        const hasDefault = /\bexport\s+default\b|\bexport\s*\{[^}]*\bdefault\b/.test(await readFile(file, 'utf8'));
        const contents = [`import ${JSON.stringify(`${NAMESPACE}:${after}`)};`, `export * from ${JSON.stringify(file)};`, ...(hasDefault ? [`export { default } from ${JSON.stringify(file)};`] : [])].join('\n');
        return { contents, loader: 'js', resolveDir: dirname(file) };
      });
    },
  };
}
