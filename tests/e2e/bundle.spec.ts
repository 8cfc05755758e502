// The built app runs under `script-src 'self'`: no code compiled at run time, no inline code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from './support/fixtures';

const assets = join(process.cwd(), 'dist/app/assets');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

test('the bundle holds no new Function, eval or ajv compiler', () => {
  const scripts = files(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(3);
  for (const file of scripts) {
    const code = readFileSync(file, 'utf8');
    expect(code, file).not.toMatch(/new Function\s*\(/);
    expect(code, file).not.toMatch(/\beval\s*\(/);
    // Strings only ajv's code generator contains.
    expect(code, file).not.toContain('validate.errors');
    expect(code, file).not.toContain('ajv/dist/compile');
  }
});

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

/** Inputs of ajv's schema compiler (code generation at run time), as esbuild names them. */
const AJV_COMPILER = /(^|\/)node_modules\/ajv\/dist\/(compile\/|core\.js$|ajv\.js$)/;

test('the build’s metafile has no input of ajv’s compiler in any browser output', () => {
  // build.mjs keeps the app build's metafile beside dist/app.
  const meta = JSON.parse(readFileSync(join(process.cwd(), 'dist/app-meta.json'), 'utf8')) as Metafile;
  const outputs = Object.keys(meta.outputs);
  // The metafile is this build's: it lists exactly the scripts and styles in dist/app/assets.
  const onDisk = files(assets)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => relative(process.cwd(), file).split(sep).join('/'));
  expect([...outputs].sort()).toEqual(onDisk.sort());
  const inputs = outputs.flatMap((output) => Object.keys(meta.outputs[output]?.inputs ?? {}).map((input) => ({ output, input })));
  // The paths are read right: ajv's runtime helpers, which the precompiled validators use, are there.
  expect(inputs.some(({ input }) => /(^|\/)node_modules\/ajv\/dist\/runtime\//.test(input))).toBe(true);
  expect(inputs.filter(({ input }) => AJV_COMPILER.test(input)).map(({ output, input }) => `${output} ← ${input}`)).toEqual([]);
});

test('the page shell has no inline script or style', () => {
  const html = readFileSync(join(process.cwd(), 'dist/app/index.html'), 'utf8');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|style=/);
});
