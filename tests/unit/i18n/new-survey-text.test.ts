// The README's worked example on a copy of the project with its catalogs: a product manager adds an
// answer, extraction puts the new text into all 14 catalogs for the translators, and the check and the
// build's compilers keep refusing it at its line and column until it is translated.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/model';
import { readPo } from '../../../scripts/i18n/po-file';

const run = promisify(execFile);
const ROOT = process.cwd();
const NEW_TEXT = 'We now do this work in-house';
const ANSWER = `      - id: moved-in-house\n        text: ${NEW_TEXT}\n        next: competitors\n`;
let root: string;
let where: { line: number; col: number };

/** Runs a command in the copy; its exit status and what it printed on both streams. */
async function inCopy(command: string, args: string[]): Promise<{ status: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: root, env: { ...process.env, I18N_ALLOW_MISSING: '' } });
    return { status: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, output: failed.stdout + failed.stderr };
  }
}
const tsx = (...args: string[]) => inCopy(join(ROOT, 'node_modules/.bin/tsx'), args);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cancel-new-text-'));
  for (const part of ['package.json', 'lingui.config.ts', 'tsconfig.json', 'schemas', 'scripts', 'survey', 'locales']) {
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  }
  // The extractor reads the UI's sources too; what the build generated is made again in the copy.
  cpSync(join(ROOT, 'src'), join(root, 'src'), { recursive: true, filter: (source) => !source.startsWith(join(ROOT, 'src/generated')) });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');

  const survey = join(root, 'survey/cancellation.yaml');
  const text = readFileSync(survey, 'utf8');
  const last = '      - id: just-trying\n        audience: trial\n        text: I just wanted to try it out\n        next: competitors\n';
  expect(text.split(last)).toHaveLength(2);
  const edited = text.replace(last, last + ANSWER);
  writeFileSync(survey, edited);
  const before = edited.slice(0, edited.indexOf(`text: ${NEW_TEXT}`) + 'text: '.length).split('\n');
  where = { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a new survey text', () => {
  it('is extracted into all 14 catalogs, untranslated in the 13 translated ones', async () => {
    const { status, output } = await inCopy(process.execPath, ['scripts/i18n/extract.mjs']);
    expect(status, output).toBe(0);
    // The survey compile before extraction says what is missing, as a warning.
    expect(output).toContain(`survey/cancellation.yaml:${where.line}:${where.col}: warning missing-translation: '${NEW_TEXT}' has no translation in any language`);
    for (const language of LANGUAGES) {
      const entries = readPo(readFileSync(join(root, `locales/${language}/messages.po`), 'utf8'));
      const entry = entries.find((e) => e.msgid === NEW_TEXT);
      expect(entry, language).toBeDefined();
      // The source catalog carries the English, which is the text itself; the others wait for translators.
      expect(entry?.msgstr, language).toBe(language === 'en' ? NEW_TEXT : '');
      // A translator sees where the text is written.
      expect(entry?.origins, language).toEqual([`survey/cancellation.yaml:${where.line}`]);
    }
  }, 120_000);

  it('fails survey:check with missing-translation at its line and column, naming the 13 languages', async () => {
    const { status, output } = await tsx('scripts/survey/check.ts');
    expect(status).toBe(1);
    expect(output.split('\n')).toContain(
      `survey/cancellation.yaml:${where.line}:${where.col}: error missing-translation: '${NEW_TEXT}' has no translation in ` +
        'de, es, fr, it, ja, ko, nl, pl, pt, sv, tr, vi, zh: run npm run i18n:extract, then translate it in locales/<language>/messages.po',
    );
  });

  it('is one warning line naming its languages where translations may be missing, none when the survey reports it', async () => {
    const lenient = await tsx('scripts/i18n/check-catalogs.ts', '--allow-missing');
    expect(lenient.status, lenient.output).toBe(0);
    expect(lenient.output.split('\n').filter((line) => line.includes(NEW_TEXT))).toEqual([
      expect.stringMatching(new RegExp(`^locales/de/messages\\.po:\\d+:1: warning untranslated: '${NEW_TEXT}' has no translation in de, es, fr, it, ja, ko, nl, pl, pt, sv, tr, vi, zh$`)),
    ]);
    expect(lenient.output).toContain('13 untranslated (allowed)');
    // npm run dev: the survey step reports it at its YAML line instead.
    const dev = await tsx('scripts/i18n/check-catalogs.ts', '--allow-missing', '--skip-survey-texts');
    expect(dev.status).toBe(0);
    expect(dev.output).not.toContain(NEW_TEXT);
  });

  it('stops the build: the survey compile and the strict catalog compile both refuse it', async () => {
    const survey = await tsx('scripts/survey/compile.ts');
    expect(survey.status).toBe(1);
    expect(survey.output).toContain(`survey/cancellation.yaml:${where.line}:${where.col}: error missing-translation:`);
    expect(survey.output).toContain('nothing was compiled');
    const catalogs = await inCopy(process.execPath, ['scripts/i18n/compile.mjs']);
    expect(catalogs.status).toBe(1);
    expect(catalogs.output).toContain(`error untranslated: '${NEW_TEXT}' has no de translation`);
  }, 60_000);
});
