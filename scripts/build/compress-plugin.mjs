// esbuild plugin: writes a brotli (.br) and a gzip (.gz) copy beside every script and stylesheet
// the build emits, so the server sends compressed files without compressing on every request
// (@fastify/static `preCompressed`).
import { readFile, writeFile } from 'node:fs/promises';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { onWritten } from './on-written.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

/** The brotli and gzip encodings of `data`, at the highest levels (built once, served many times). */
export async function compressed(data) {
  const [br, gzipped] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gz(data, { level: 9 }),
  ]);
  return { br, gzip: gzipped };
}

/** @returns {import('esbuild').Plugin} */
export function compressPlugin() {
  return {
    name: 'compress',
    setup(build) {
      onWritten(build, async (metafile) => {
        const files = Object.keys(metafile.outputs).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const { br, gzip: gzipped } = await compressed(await readFile(file));
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      });
    },
  };
}
