// The build's strict catalog compile (scripts/i18n/compile.mjs, no I18N_ALLOW_MISSING) passes on the
// shipped catalogs, the confirmation email's texts included, on a copy of the project: it rewrites
// src/generated/locales, which other tests read.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = process.cwd();
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cancel-strict-compile-'));
  for (const part of ['package.json', 'lingui.config.ts', 'tsconfig.json', 'schemas', 'scripts', 'locales']) cpSync(join(ROOT, part), join(root, part), { recursive: true });
  cpSync(join(ROOT, 'src'), join(root, 'src'), { recursive: true, filter: (source) => !source.startsWith(join(ROOT, 'src/generated')) });
  // The check compares the catalogs with the compiled survey's texts.
  mkdirSync(join(root, 'src/generated'));
  cpSync(join(ROOT, 'src/generated/survey.json'), join(root, 'src/generated/survey.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

it('compiles every catalog strictly, the confirmation email in German among them', async () => {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/i18n/compile.mjs'], {
    cwd: root,
    env: { ...process.env, I18N_ALLOW_MISSING: '' },
  });
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^i18n: 14 catalogs, \d+ messages each\n$/);
  const german = readFileSync(join(root, 'src/generated/locales/de.ts'), 'utf8');
  expect(german).toContain('Bestätigen Sie die Kündigung Ihres Abonnements für „');
}, 60_000);
