// esbuild plugin: runs Lingui's macro transform on the files that import a Lingui macro.
// esbuild has no Babel, and no maintained esbuild plugin exists for Lingui 5 macros. The same
// transform serves vitest (a Vite plugin), so unit tests may import the renderer's kinds of step.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

const MACRO_IMPORT = /from\s+["']@lingui\/(?:core|react)\/macro["']/;
const SOURCE_FILE = /\/src\/.*\.tsx?$/;

/** The source with its Lingui macros compiled, still TypeScript; undefined when it imports no macro. */
async function compileMacros(source, path, { stripMessageField, sourceMaps }) {
  if (!MACRO_IMPORT.test(source)) return undefined;
  const result = await transformAsync(source, {
    babelrc: false,
    configFile: false,
    filename: relative(process.cwd(), path),
    sourceMaps,
    parserOpts: { plugins: path.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
    plugins: [[linguiMacro, { stripMessageField }]],
  });
  return result ?? undefined;
}

/** @returns {import('esbuild').Plugin} */
export function linguiMacroPlugin({ stripMessageField } = {}) {
  return {
    name: 'lingui-macro',
    setup(build) {
      build.onLoad({ filter: SOURCE_FILE }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const result = await compileMacros(source, args.path, { stripMessageField, sourceMaps: 'inline' });
        if (!result) return undefined;
        return { contents: result.code ?? source, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** The same transform for vitest, before Vite strips the types. */
export function linguiMacroVitePlugin() {
  return {
    name: 'lingui-macro',
    enforce: 'pre',
    async transform(source, id) {
      if (!SOURCE_FILE.test(id)) return null;
      const result = await compileMacros(source, id, { sourceMaps: true });
      return result ? { code: result.code ?? source, map: result.map } : null;
    },
  };
}
