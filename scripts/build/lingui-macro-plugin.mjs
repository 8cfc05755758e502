// esbuild plugin: runs Lingui's macro transform on the files that import a Lingui macro.
// esbuild has no Babel, and no maintained esbuild plugin exists for Lingui 5 macros.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

const MACRO_IMPORT = /from\s+["']@lingui\/(?:core|react)\/macro["']/;

/** @returns {import('esbuild').Plugin} */
export function linguiMacroPlugin({ stripMessageField } = {}) {
  return {
    name: 'lingui-macro',
    setup(build) {
      build.onLoad({ filter: /\/src\/.*\.tsx?$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!MACRO_IMPORT.test(source)) return undefined;
        const isTsx = args.path.endsWith('.tsx');
        const result = await transformAsync(source, {
          babelrc: false,
          configFile: false,
          filename: relative(process.cwd(), args.path),
          sourceMaps: 'inline',
          parserOpts: { plugins: isTsx ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: [[linguiMacro, { stripMessageField }]],
        });
        return { contents: result?.code ?? source, loader: isTsx ? 'tsx' : 'ts' };
      });
    },
  };
}
