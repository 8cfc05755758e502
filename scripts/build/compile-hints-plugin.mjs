// esbuild plugin: marks the app's large chunks of code for eager compilation, with V8's explicit
// compile hint (a first line `//# allFunctionsCalledOnLoad`, Chrome 136 and later; other engines
// read a comment). The modules that load together share their chunks (loaded-after-plugin.mjs), so
// most of a chunk's functions run once it loads. V8 then compiles them while the chunk streams in, on
// a background thread, instead of one by one on the main thread when first called (on a throttled
// cold load of a survey page, about 150 ms of the main thread's work before the page listened).
import { readFile, writeFile } from 'node:fs/promises';
import { onWritten } from './on-written.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Chunks smaller than this go without: the first screen's four chunks above it gave all the gain
 * measured (decision 140), and the hint costs about 20 bytes of gzip on each file.
 */
export const MIN_HINTED_BYTES = 16_000;

/** A language catalog's chunk is one JSON.parse of its messages: no function to compile. */
const CATALOG_SOURCE = /^src\/generated\/locales\//;

/**
 * The JavaScript outputs of a build that get the hint.
 * @param {import('esbuild').Metafile['outputs']} outputs
 * @returns {string[]}
 */
export function hintedOutputs(outputs) {
  return Object.entries(outputs)
    .filter(([file, output]) => file.endsWith('.js') && output.bytes >= MIN_HINTED_BYTES && !Object.keys(output.inputs).every((input) => CATALOG_SOURCE.test(input)))
    .map(([file]) => file);
}

/**
 * Writes the hint at the top of each chosen output. Registered before the compress plugin, whose
 * end callback runs after this one's, so the .br and .gz copies carry it too. Production only: the
 * line would shift a source map's mappings.
 * @returns {import('esbuild').Plugin}
 */
export function compileHintsPlugin() {
  return {
    name: 'compile-hints',
    setup(build) {
      onWritten(build, async (metafile) => {
        await Promise.all(
          hintedOutputs(metafile.outputs).map(async (file) => {
            await writeFile(file, COMPILE_HINT + (await readFile(file, 'utf8')));
          }),
        );
      });
    },
  };
}
