import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = process.cwd();
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const CLI = resolve(ROOT, 'scripts/survey-tools/diff-cli.ts');
const FIXTURES = resolve(ROOT, 'tests/fixtures/diff');
let repo: string;

/** The German catalog at the first commit: a few survey texts translated, one entry's msgid split over lines. */
const GERMAN = `msgid ""
msgstr ""
"Language: de\\n"

msgid "Are you going to use any other service instead?"
msgstr "Werden Sie stattdessen einen anderen Dienst nutzen?"

msgid "I have another account"
msgstr "Ich habe ein anderes Konto"

msgid "Not sure yet"
msgstr "Noch nicht sicher"

msgid ""
"Have anything else "
"to add?"
msgstr "Möchten Sie noch etwas hinzufügen?"
`;

async function git(...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'user.name=Survey Tests', '-c', 'user.email=tests@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo });
  return stdout.trim();
}

/** Replaces the repository's survey/ with a fixture folder's files. */
async function useSurvey(fixture: string): Promise<void> {
  await rm(join(repo, 'survey'), { recursive: true, force: true });
  await mkdir(join(repo, 'survey'));
  for (const name of await readdir(join(FIXTURES, fixture))) await cp(join(FIXTURES, fixture, name), join(repo, 'survey', name));
}

/** Runs `survey:diff` in the repository and returns its exit status and output lines. */
async function surveyDiff(...args: string[]): Promise<{ status: number; lines: string[]; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], { cwd: repo });
    return { status: 0, lines: stdout.split('\n'), stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, lines: failed.stdout.split('\n'), stderr: failed.stderr };
  }
}

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'survey-diff-cli-'));
  await git('init', '-q');
  await useSurvey('before');
  await mkdir(join(repo, 'locales/de'), { recursive: true });
  await writeFile(join(repo, 'locales/de/messages.po'), GERMAN);
  await git('add', '.');
  await git('commit', '-q', '-m', 'Survey before the change');
});

afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('npm run survey:diff -- REF, in a git repository', () => {
  it('prints the change from the ref to the working tree, with the translations that became missing', async () => {
    await useSurvey('after');
    // The German 'Not sure yet' loses its translation in the working tree.
    await writeFile(join(repo, 'locales/de/messages.po'), GERMAN.replace('msgstr "Noch nicht sicher"', 'msgstr ""'));
    const commit = await git('rev-parse', '--short', 'HEAD');

    const { status, lines } = await surveyDiff('HEAD');

    expect(status).toBe(0);
    expect(lines[0]).toBe(`Survey changes from HEAD (${commit}) to the working tree, survey/`);
    for (const line of [
      "Survey 'exit'",
      '    - what-missing (choice): "Which feature did you miss?"',
      '    + trial-feedback (choice): "What would have made the trial more useful?" (trial users only)',
      '    ~ competitors: question reworded',
      '    - why-not-using › no-time: "I don’t have time to use it"',
      "    why-not-using › budget: now goes to 'final' (was 'competitors')",
      "    reason › trial-ended: now goes to 'trial-feedback' (was 'competitors') (trial users only)",
      '    comment: now 2000 (was 1500)',
      '  Paths of trial users: 13 (was 14); 9 appeared, 10 disappeared',
      '    + reason=not-using-now › why-not-using=budget › final',
      '  Paths of paid users: 8 (was 13); 3 appeared, 8 disappeared',
      '  - /cancel/ai: survey \'exit\', toolkit ai',
      '  ~ /cancel/trends: now → /cancel/all (was /cancel/seo)',
    ]) {
      expect(lines).toContain(line);
    }
    const translations = lines.slice(lines.indexOf('Translations'));
    expect(translations).toEqual([
      'Translations',
      '  missing in de (10 texts):',
      // Toolkit names are customer-visible texts too: the new and the renamed page's.
      '    "SEO Toolkit Classic"',
      '    "Local Toolkit"',
      '    "I have another account or want to change my plan"',
      '    "It’s too early for me to use it"',
      '    "What would have made the trial more useful?"',
      '    "More time to try it"',
      '    "More help getting started"',
      '    "Will you use another service instead?"',
      '    "Not sure yet"',
      '    "Anything else you’d like to tell us?"',
      '  not checked, no catalog file yet: en, es, fr, it, ja, ko, nl, pl, pt, sv, tr, vi, zh',
      '',
    ]);
  });

  it("says 'no changes to the survey flow' and exits 0 when the survey is as committed", async () => {
    await git('add', '.');
    await git('commit', '-q', '-m', 'Survey after the change');
    const { status, lines } = await surveyDiff('HEAD');
    expect(status).toBe(0);
    expect(lines.slice(1)).toEqual(['', 'no changes to the survey flow', '']);
  });

  it('says clearly that the survey at the ref has problems, where, and exits 1', async () => {
    const broken = join(repo, 'survey/exit.yaml');
    const good = await readFile(broken, 'utf8');
    await writeFile(broken, good.replace('next: other-services', 'next: other-service'));
    await git('commit', '-q', '-am', 'A typo in a next step');
    await writeFile(broken, good);
    const commit = await git('rev-parse', '--short', 'HEAD');

    const { status, lines } = await surveyDiff('HEAD');

    const lineOf = (text: string): number => good.split('\n').findIndex((line) => line.includes(text)) + 1;
    expect(status).toBe(1);
    expect(lines).toEqual([
      `The survey at HEAD (${commit}) has 2 problems, so it cannot be compared:`,
      `  HEAD:survey/exit.yaml:${lineOf('next: other-services')}:15: error unknown-step: 'other-service' is not a step (did you mean 'other-services'?)`,
      `  HEAD:survey/exit.yaml:${lineOf('id: other-services')}:9: error unreachable-step: step 'other-services' is never reached: no answer leads to it`,
      '',
    ]);
  });

  it('refuses a survey file committed in another encoding than UTF-8, at its first bad byte', async () => {
    const file = join(repo, 'survey/exit.yaml');
    const good = await readFile(file);
    const at = good.indexOf('Not sure yet');
    // 'Not sure yet' with its 'u' written as a Latin-1 'ü' (0xFC), as an editor set to Latin-1 saves it.
    const latin1 = Buffer.concat([good.subarray(0, at + 5), Buffer.from([0xfc]), good.subarray(at + 6)]);
    await writeFile(file, latin1);
    await git('commit', '-q', '-am', 'Saved in Latin-1');
    await writeFile(file, good);
    const line = good.subarray(0, at).toString('utf8').split('\n').length;
    const { status, lines } = await surveyDiff('HEAD');
    expect(status).toBe(1);
    expect(lines).toContain(`  HEAD:survey/exit.yaml:${line}:${good.subarray(0, at).toString('utf8').split('\n').at(-1)!.length + 6}: error read-error: this file is not UTF-8: the byte 0xFC here is not valid UTF-8; save the file as UTF-8 (Unicode)`);
  });

  it('refuses a ref that names no commit', async () => {
    const { status, stderr } = await surveyDiff('no-such-branch');
    expect(status).toBe(2);
    expect(stderr).toContain("'no-such-branch' is not a commit");
  });
});

describe('npm run survey:diff -- REF --survey-dir DIR', () => {
  /** Runs `survey:diff` in the repository as npm does when run in `userDir`: INIT_CWD names that folder. */
  async function diffFrom(userDir: string, ...args: string[]): Promise<{ status: number; lines: string[]; stderr: string }> {
    try {
      const { stdout, stderr } = await run(TSX, [CLI, ...args], { cwd: repo, env: { ...process.env, INIT_CWD: userDir } });
      return { status: 0, lines: stdout.split('\n'), stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { status: failed.code, lines: failed.stdout.split('\n'), stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    // The working tree as committed: the survey at HEAD and in the working tree are the same.
    await git('add', '.');
    await git('commit', '-q', '--allow-empty', '-m', 'The survey as it is');
  });

  it('takes an absolute folder as it is, not under the project', async () => {
    const commit = await git('rev-parse', '--short', 'HEAD');
    const { status, lines, stderr } = await diffFrom(repo, 'HEAD', '--survey-dir', join(repo, 'survey'));
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(lines).toEqual([`Survey changes from HEAD (${commit}) to the working tree, ${join(repo, 'survey')}/`, '', 'no changes to the survey flow', '']);
  });

  it('reads a relative folder from where the command was run', async () => {
    const { status, lines } = await diffFrom(join(repo, 'survey'), 'HEAD', '--survey-dir', '.', '--locales-dir', '../locales');
    expect(status).toBe(0);
    expect(lines.slice(1)).toEqual(['', 'no changes to the survey flow', '']);
  });

  it('refuses a folder outside the project, which git has no earlier version of', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'survey-diff-outside-'));
    try {
      const { status, stderr } = await diffFrom(repo, 'HEAD', '--survey-dir', outside);
      expect(status).toBe(2);
      expect(stderr).toContain(`survey:diff: ${outside} is outside the project at ${repo}, so git has no earlier version of it to compare with`);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe('npm run survey:diff -- --experiment ID, on the working tree', () => {
  /** Runs `survey:diff` in the project itself. */
  async function inProject(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(TSX, [CLI, ...args], { cwd: ROOT });
      return { status: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('prints each variant against the control and exits 0', async () => {
    const { status, stdout } = await inProject('--experiment', 'offer-placement-2026-09');
    expect(status).toBe(0);
    expect(stdout.split('\n')).toEqual([
      "Experiment 'offer-placement-2026-09' on survey 'cancellation', 2026-09-01 to 2026-09-30 (UTC days, both included)",
      'Variants: control 50%, discount-after-budget 50%',
      '',
      "Variant 'discount-after-budget' (50%) against the control 'control'",
      '  Where answers lead',
      "    why-not-using › budget: now goes to 'discount-offer' (was 'downgrade-offer')",
      "    what-could-be-better › price-too-high: now goes to 'competitors' (was 'discount-offer')",
      "    discount-offer › declined: now goes to 'downgrade-offer' (was 'competitors')",
      '',
    ]);
  });

  it('names the experiments there are when the id is none of them, and exits 2', async () => {
    const { status, stderr } = await inProject('--experiment', 'discount-depth');
    expect(status).toBe(2);
    expect(stderr).toContain("survey:diff: no experiment 'discount-depth' in survey/ (experiments: discount-depth-2026-10, offer-placement-2026-09)");
  });

  it('takes no ref beside it', async () => {
    const { status, stderr } = await inProject('HEAD', '--experiment', 'offer-placement-2026-09');
    expect(status).toBe(2);
    expect(stderr).toContain('npm run survey:diff -- --experiment ID [--survey-dir survey]');
  });

  it('says where the survey folder has problems, and exits 1', async () => {
    const { status, stdout } = await inProject('--experiment', 'references', '--survey-dir', 'tests/fixtures/invalid/experiment-references');
    expect(status).toBe(1);
    expect(stdout).toContain('The survey in the working tree has');
    expect(stdout).toContain('tests/fixtures/invalid/experiment-references/experiments.yaml:15:13: error experiment-unknown-step:');
  });
});
