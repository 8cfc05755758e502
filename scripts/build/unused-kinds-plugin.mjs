// esbuild plugin: the app's tables of step kinds (src/engine/kinds and src/renderer/kinds, written by
// scripts/kinds/write-kinds.ts) hold only the kinds the compiled surveys use, so a kind no survey asks
// (rating and multi, until a survey asks one) stays out of the browser bundle. The surveys are those
// of the bundle the build imports: the example build points the import at the example's, which uses both.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The step types the surveys of a compiled bundle use. */
export function usedStepTypes(bundle) {
  const types = new Set();
  for (const survey of Object.values(bundle.surveys)) {
    for (const flow of Object.values(survey.audiences)) for (const step of Object.values(flow.steps)) types.add(step.type);
  }
  return types;
}

const IMPORT = /^import \{ \w+ \} from '\.\/([\w-]+)';$/;
const ROW = /^\s+([\w-]+): \w+,$/;

/** A kinds table's source without the imports and rows of kinds not in `used`. */
export function keepKinds(source, used) {
  return source
    .split('\n')
    .filter((line) => {
      const kind = IMPORT.exec(line)?.[1] ?? ROW.exec(line)?.[1];
      return kind === undefined || used.has(kind);
    })
    .join('\n');
}

/** @returns {import('esbuild').Plugin} */
export function unusedKindsPlugin() {
  return {
    name: 'unused-kinds',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/](engine|renderer)[\\/]kinds[\\/]kinds\.generated\.ts$/ }, async (args) => {
        const bundleFile = await build.resolve('../../generated/survey.json', { resolveDir: dirname(args.path), kind: 'import-statement' });
        if (bundleFile.errors.length > 0) return { errors: bundleFile.errors };
        const used = usedStepTypes(JSON.parse(await readFile(bundleFile.path, 'utf8')));
        return { contents: keepKinds(await readFile(args.path, 'utf8'), used), loader: 'ts', watchFiles: [bundleFile.path] };
      });
    },
  };
}
