// The compile-hints build plugin (scripts/build/compile-hints-plugin.mjs): the large chunks of code
// open with V8's compile hint, in the compressed copies too; small chunks and catalogs go without.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin, hintedOutputs, MIN_HINTED_BYTES } from '../../../scripts/build/compile-hints-plugin.mjs';
import { compressPlugin } from '../../../scripts/build/compress-plugin.mjs';
import { splitBuild } from './split-build';

const ROOT = process.cwd();
let dir: string;

/** A module of many small functions, `bytes` long at least once minified. */
function functions(name: string, bytes: number): string {
  const count = Math.ceil(bytes / 40);
  const body = Array.from({ length: count }, (_, i) => `export function ${name}${i}(x) { return x * ${i} + ${i + 1}; }`).join('\n');
  return body;
}

beforeAll(async () => {
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache-compile-hints-'));
  await writeFile(join(dir, 'main.js'), "export const big = () => import('./big.js'); export const small = () => import('./small.js');");
  await writeFile(join(dir, 'big.js'), functions('big', MIN_HINTED_BYTES * 2));
  await writeFile(join(dir, 'small.js'), functions('small', MIN_HINTED_BYTES / 4));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the compile-hints plugin', () => {
  it('opens each chunk of code above the threshold with the hint, its .gz copy too, and leaves the small ones as they are', async () => {
    const outdir = join(dir, 'out');
    const { fileOf } = await splitBuild(join(dir, 'main.js'), outdir, [compileHintsPlugin(), compressPlugin()], { minify: true });
    const big = join(ROOT, fileOf('big.js') ?? '');
    const small = join(ROOT, fileOf('small.js') ?? '');
    const bigCode = await readFile(big, 'utf8');
    expect(bigCode.startsWith(COMPILE_HINT)).toBe(true);
    // Still the module it was: the hint is a comment line before it.
    const module = (await import(`${big}?run`)) as { big7: (x: number) => number };
    expect(module.big7(2)).toBe(22);
    expect(gunzipSync(await readFile(`${big}.gz`)).toString('utf8')).toBe(bigCode);
    expect((await readFile(small, 'utf8')).startsWith('//')).toBe(false);
    expect((await readFile(join(ROOT, fileOf('main.js') ?? ''), 'utf8')).includes('allFunctionsCalledOnLoad')).toBe(false);
  });

  it('gives no hint to a catalog, whose chunk holds its messages and no function', () => {
    const output = (bytes: number, inputs: string[]) => ({ bytes, inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: bytes }])), imports: [], exports: [] });
    const outputs = {
      'dist/app/assets/chunks/ja-A.js': output(MIN_HINTED_BYTES * 2, ['src/generated/locales/app/ja.ts']),
      'dist/app/assets/chunks/ja.later-B.js': output(MIN_HINTED_BYTES * 2, ['src/generated/locales/app/ja.later.ts']),
      'dist/app/assets/chunks/chunk-C.js': output(MIN_HINTED_BYTES, ['node_modules/react-dom/index.js', 'src/generated/locales/app/en.ts']),
      'dist/app/assets/chunks/chunk-D.js': output(MIN_HINTED_BYTES - 1, ['node_modules/react/index.js']),
      'dist/app/assets/main-E.css': output(MIN_HINTED_BYTES * 2, ['src/app/styles/base.css']),
    };
    expect(hintedOutputs(outputs)).toEqual(['dist/app/assets/chunks/chunk-C.js']);
  });
});
