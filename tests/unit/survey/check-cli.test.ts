// The command lines of survey:check and survey:compile: paths read from the folder the user ran npm in,
// paths that hold no YAML, --help and unknown options, a file given twice, the files the compiler needs,
// and the compiler's refusal of arguments it does not take.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject, formatProblem } from '../../../scripts/survey';
import { main as check, USAGE as CHECK_USAGE } from '../../../scripts/survey/check';
import { readArgs as compileArgs } from '../../../scripts/survey/compile';

const ROOT = process.cwd();
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'survey-check-cli-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs survey:check in-process as if run in `cwd` (the project `root`); its status, stdout lines and stderr lines. */
async function checkIn(cwd: string, args: string[], root: string = ROOT): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await check(args, (line) => out.push(line), (line) => err.push(line), { root, cwd });
  return { status, out, err };
}

/** A copy of the project's survey/ folder (with its examples) under a scratch project root, without `drop`. */
async function projectWithout(name: string, drop: string): Promise<string> {
  const root = join(scratch, name);
  await cp(join(ROOT, 'survey'), join(root, 'survey'), { recursive: true });
  await rm(join(root, 'survey', drop));
  return root;
}

describe('survey:check reads the paths it is given from the folder npm was run in', () => {
  it('finds survey/cancellation.yaml as cancellation.yaml when run in survey/', async () => {
    const { status, out } = await checkIn(join(ROOT, 'survey'), ['cancellation.yaml']);
    expect(status).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^survey: 1 file, 1 survey, \d+ steps — no problems$/)]);
  });

  it('keeps an absolute path as given', async () => {
    const { status, out } = await checkIn(scratch, [join(ROOT, 'survey/cancellation.yaml')]);
    expect(status).toBe(0);
    expect(out[0]).toMatch(/^survey: 1 file, 1 survey/);
  });

  it('takes that folder from INIT_CWD, which npm sets, on the command line', () => {
    const run = spawnSync(TSX, ['scripts/survey/check.ts', 'cancellation.yaml'], { encoding: 'utf8', env: { ...process.env, INIT_CWD: join(ROOT, 'survey') } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^survey: 1 file, 1 survey, \d+ steps — no problems\n$/);
  });

  it('still checks the project’s survey/ and survey/examples/ when given no path, wherever it is run', async () => {
    const { status, out } = await checkIn(scratch, []);
    expect(status).toBe(0);
    expect(out).toEqual(['survey: 7 files, 3 surveys, 13 steps, 10 toolkit pages, 6 policies, 2 experiments — no problems']);
  });
});

describe('survey:check on a path that holds no YAML', () => {
  it('reports a folder without YAML files as a problem and exits 1', async () => {
    const empty = join(scratch, 'empty');
    await mkdir(empty);
    await writeFile(join(empty, 'notes.txt'), 'not a survey\n');
    const { status, out, err } = await checkIn(empty, ['.']);
    expect(status).toBe(1);
    expect(out).toEqual([formatProblem({ file: empty, line: 1, col: 1, code: 'read-error', message: 'this folder holds no YAML file (.yaml or .yml) to check' })]);
    expect(err).toEqual(['survey: 1 problem']);
  });

  it('checks a folder whose survey files are links to files kept elsewhere', async () => {
    const linked = join(scratch, 'linked');
    await mkdir(linked);
    await symlink(join(ROOT, 'survey/cancellation.yaml'), join(linked, 'cancellation.yaml'));
    const { status, out } = await checkIn(linked, ['.']);
    expect(out).toEqual([expect.stringMatching(/^survey: 1 file, 1 survey, \d+ steps — no problems$/)]);
    expect(status).toBe(0);
  });

  it('reports a file that is not YAML, without reading it as YAML', async () => {
    const { status, out } = await checkIn(ROOT, ['README.md']);
    expect(status).toBe(1);
    expect(out).toEqual([
      'README.md:1:1: error read-error: this is not a YAML file (.yaml or .yml): the checker reads survey YAML files and folders of them',
    ]);
  });
});

describe('survey:check options', () => {
  for (const flag of ['--help', '-h']) {
    it(`prints its usage for ${flag} and exits 0, checking nothing`, async () => {
      const { status, out, err } = await checkIn(ROOT, [flag]);
      expect(status).toBe(0);
      expect(out).toEqual([CHECK_USAGE]);
      expect(out[0]).toMatch(/^usage: npm run survey:check \[-- PATH\.\.\.\]/);
      expect(err).toEqual([]);
    });
  }

  it('refuses any other option with a sentence and the usage, exit 2', async () => {
    const { status, out, err } = await checkIn(ROOT, ['survey', '--colour']);
    expect(status).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toContain("survey:check: '--colour' is not an option of the checker");
    expect(err.join('\n')).toContain('usage: npm run survey:check');
  });

  it('prints the usage on the command line too, not a read-error of --help', () => {
    const run = spawnSync(TSX, ['scripts/survey/check.ts', '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${CHECK_USAGE}\n`);
    expect(run.stdout).not.toContain('read-error');
  });
});

describe('survey:check given one file twice', () => {
  it('checks it once: no duplicate-survey of a survey with itself', async () => {
    const { status, out } = await checkIn(ROOT, ['survey', './survey/cancellation.yaml', 'survey/']);
    expect(out.filter((line) => line.includes('duplicate-survey'))).toEqual([]);
    expect(status).toBe(0);
    expect(out).toEqual(['survey: 6 files, 2 surveys, 10 steps, 10 toolkit pages, 6 policies, 2 experiments — no problems']);
  });
});

describe('survey:check and survey:compile agree on the files the compiler needs', () => {
  for (const [drop, needs] of [
    ['provider.yaml', 'the compiler needs survey/provider.yaml'],
    ['toolkits.yaml', 'the compiler needs survey/toolkits.yaml'],
  ] as const) {
    it(`reports survey/${drop} missing, as the compiler does, when checking the default folders or survey/ itself`, async () => {
      const root = await projectWithout(`without-${drop}`, drop);
      const compiled = await compileProject(root).then(
        () => [],
        (error: { problems: Parameters<typeof formatProblem>[0][] }) => error.problems.map((problem) => formatProblem(problem)),
      );
      const missing = formatProblem({ file: join(root, 'survey', drop), line: 1, col: 1, code: 'missing-file', message: needs });
      expect(compiled).toContain(missing);

      for (const [cwd, args] of [
        [root, []],
        [join(root, 'survey'), ['.']],
        [scratch, [join(root, 'survey')]],
      ] as const) {
        const { status, out } = await checkIn(cwd, [...args], root);
        expect(status, `${cwd} ${args.join(' ')}`).toBe(1);
        expect(out).toContain(missing);
        expect(out.filter((line) => line.includes('missing-file'))).toEqual(compiled.filter((line) => line.includes('missing-file')));
      }
    });
  }

  it('asks nothing of a folder the compiler does not compile, nor of a single file', async () => {
    const root = await projectWithout('single-file', 'provider.yaml');
    expect((await checkIn(root, ['survey/examples'], root)).status).toBe(0);
    expect((await checkIn(root, ['survey/cancellation.yaml'], root)).status).toBe(0);
  });
});

describe('survey:compile arguments', () => {
  const read = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    return { result: compileArgs(args, (line) => out.push(line), (line) => err.push(line), env), out, err };
  };

  it('takes --allow-missing-translations, or I18N_ALLOW_MISSING=1, and nothing else', () => {
    expect(read([]).result).toEqual({ allowMissingTranslations: false });
    expect(read(['--allow-missing-translations']).result).toEqual({ allowMissingTranslations: true });
    expect(read([], { I18N_ALLOW_MISSING: '1' }).result).toEqual({ allowMissingTranslations: true });
  });

  it('prints its usage for --help and exits 0', () => {
    const { result, out } = read(['--help']);
    expect(result).toBe(0);
    expect(out[0]).toMatch(/^usage: npm run survey:compile/);
  });

  it('refuses a folder: it compiles survey/ only, and says so', () => {
    const { result, err } = read(['/some/folder']);
    expect(result).toBe(2);
    expect(err[0]).toContain("survey:compile: the compiler takes no folder or file ('/some/folder'): it always compiles the project's survey/ folder");
    expect(err[0]).toContain('Nothing was compiled.');
  });

  it('refuses an unknown option, even beside a known one', () => {
    const { result, err } = read(['--allow-missing-translations', '--bogus']);
    expect(result).toBe(2);
    expect(err[0]).toContain("survey:compile: '--bogus' is not an option of the compiler. Nothing was compiled.");
  });

  it('exits 2 on the command line, compiling nothing', () => {
    const run = spawnSync(TSX, ['scripts/survey/compile.ts', '--bogus'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("'--bogus' is not an option of the compiler");
  });
});
