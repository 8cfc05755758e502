// esbuild plugin: smaller stand-ins, in the browser build, for library modules of which the app needs
// one small part. @rjsf/utils compares props and state with a deepEquals made from fast-equals, asks
// react-is two questions of a widget, merges a schema's allOf with @x0k/json-schema-merge, which
// knows every JSON Schema keyword where the survey's schemas use a few, and computes a form's first
// state from every way a schema can give a default where a step has none; the stand-ins
// (src/renderer/lean/) keep the contract those modules give RJSF for what the survey holds, in about
// 7.5 KB gzip less of the first screen. The server and the tests run the libraries as published.
// tests/unit/build/ compares each stand-in with what it replaces (lean-modules-plugin.test.ts,
// lean-all-of-merge.test.ts, lean-default-form-state.test.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from './escape-regexp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The stand-ins, by the library file they replace (a path under node_modules). */
export const LEAN_MODULES = {
  '@rjsf/utils/lib/deepEquals.js': 'src/renderer/lean/deep-equals.ts',
  'react-is/index.js': 'src/renderer/lean/react-is.ts',
  '@rjsf/utils/lib/schema/shallowAllOfMerge.js': 'src/renderer/lean/all-of-merge.ts',
  '@rjsf/utils/lib/schema/getDefaultFormState.js': 'src/renderer/lean/default-form-state.ts',
};

const separators = (path) => path.split('/').map(escapeRegExp).join('[\\\\/]');

/**
 * @param {Record<string, string>} [modules]
 * @returns {import('esbuild').Plugin}
 */
export function leanModulesPlugin(modules = LEAN_MODULES) {
  const replaced = Object.entries(modules).map(([library, standIn]) => ({ pattern: new RegExp(`[\\\\/]node_modules[\\\\/]${separators(library)}$`), standIn: join(root, standIn) }));
  const filter = new RegExp(replaced.map(({ pattern }) => pattern.source).join('|'));
  return {
    name: 'lean-modules',
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const standIn = replaced.find(({ pattern }) => pattern.test(args.path))?.standIn;
        return standIn ? { contents: `export * from ${JSON.stringify(standIn)};\nexport { default } from ${JSON.stringify(standIn)};\n`, loader: 'js', resolveDir: root } : undefined;
      });
    },
  };
}
