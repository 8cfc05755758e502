// The built app runs under `script-src 'self'`: no code compiled at run time, no inline code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

test('the page shell has no inline script or style', () => {
  const html = readFileSync(join(process.cwd(), 'dist/app/index.html'), 'utf8');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|style=/);
});
