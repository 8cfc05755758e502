// CLI: npm run survey:diff -- REF [--survey-dir survey] [--locales-dir locales]
//      npm run survey:diff -- --experiment ID [--survey-dir survey]
// Compiles the survey at a git ref and in the working tree and prints what changed, as a flow a product
// manager reads; or, with --experiment, what each variant of an experiment of the working tree changes
// against its control. Exit 0 with a report (or 'no changes to the survey flow'); 1 when a side has
// problems; 2 for a bad command line, an unknown ref or an unknown experiment.
// --survey-dir and --locales-dir are read from the folder the command was run in (npm's INIT_CWD), as the
// shell would; by default they are the project's survey/ and locales/.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogLanguages, catalogPath, LOCALES_DIR, readCatalogs, workingTreeCatalogs } from './catalog-files';
import { compileSurveyDir, compileSurveyFiles, isSurveyFile } from './compile-survey-files';
import type { CompileOutcome } from './compile-survey-files';
import { diffBundles } from './diff-bundles';
import { diffTranslations } from './diff-translations';
import { diffExperiment, formatExperimentDiff } from './experiment-diff';
import { formatDiff } from './format-diff';
import { listFolderAtRef, readBytesAtRef, readFileAtRef, resolveCommit } from './git-ref';
import { invocationDir } from '../survey/invocation-dir';
import { runWhenMain } from './run-cli';

const USAGE = 'usage: npm run survey:diff -- REF [--survey-dir survey] [--locales-dir locales]\n       npm run survey:diff -- --experiment ID [--survey-dir survey]';

/** How the CLI talks: report lines on stdout, trouble on stderr. */
export interface DiffIo {
  /** The project (the git working tree) that holds survey/ and locales/. */
  cwd: string;
  /** The folder the user ran the command in, which --survey-dir and --locales-dir are read from (default: `cwd`). */
  userCwd?: string;
  write: (line: string) => void;
  writeError: (line: string) => void;
}

const defaultIo: DiffIo = { cwd: process.cwd(), userCwd: invocationDir(), write: console.log, writeError: console.error };

/** A folder the user named (or the default, in the project), as a path relative to the project, with `/` between its parts. */
function projectPath(io: DiffIo, given: string | undefined, fallback: string): string {
  if (given === undefined) return fallback;
  return relative(io.cwd, resolve(io.userCwd ?? io.cwd, given)).split(sep).join('/') || '.';
}

/** A folder as the report names it: as the user wrote it, without a trailing slash. */
const shownDir = (given: string | undefined, fallback: string): string => (given ?? fallback).replace(/(.)\/+$/, '$1');

/** The survey folder at a ref (`dir`: relative to `cwd`), compiled. */
async function compileAtRef(cwd: string, ref: string, dir: string): Promise<CompileOutcome> {
  const names = await listFolderAtRef(cwd, ref, dir);
  if (!names) return { problems: [`${ref}:${dir}: no such folder at ${ref}`] };
  const files = new Map<string, Uint8Array>();
  for (const name of names.filter(isSurveyFile)) files.set(name, (await readBytesAtRef(cwd, ref, `${dir}/${name}`)) ?? new Uint8Array());
  return compileSurveyFiles(files, `${ref}:${dir}`);
}

/** Prints a side's problems, if it has any, under a clear heading. */
function reportProblems(outcome: CompileOutcome, where: string, io: DiffIo): void {
  if (!('problems' in outcome)) return;
  const n = outcome.problems.length;
  io.write(`The survey ${where} has ${n} problem${n === 1 ? '' : 's'}, so it cannot be compared:`);
  for (const line of outcome.problems) io.write(`  ${line}`);
}

/** Prints what each variant of an experiment of the working tree's survey changes against its control. */
async function experimentDiff(id: string, dir: string, shown: string, io: DiffIo): Promise<number> {
  const outcome = await compileSurveyDir(join(io.cwd, dir), shown);
  reportProblems(outcome, 'in the working tree', io);
  if ('problems' in outcome) return 1;
  const experiment = outcome.bundle.experiments.find((candidate) => candidate.id === id);
  if (!experiment) {
    const known = outcome.bundle.experiments.map((candidate) => candidate.id);
    io.writeError(`survey:diff: no experiment '${id}' in ${shown}/ (experiments: ${known.length > 0 ? known.join(', ') : 'none'})\n${USAGE}`);
    return 2;
  }
  io.write(formatExperimentDiff(experiment, diffExperiment(outcome.bundle, experiment)));
  return 0;
}

/** Runs the diff and returns the exit status. */
export async function main(args: readonly string[], io: DiffIo = defaultIo): Promise<number> {
  let parsed: { values: { 'survey-dir'?: string; 'locales-dir'?: string; experiment?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { 'survey-dir': { type: 'string' }, 'locales-dir': { type: 'string' }, experiment: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    io.writeError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const dir = projectPath(io, parsed.values['survey-dir'], 'survey');
  const shown = shownDir(parsed.values['survey-dir'], 'survey');
  const { experiment } = parsed.values;
  if (experiment !== undefined) {
    // A variant is compared with its control, both in the working tree: no ref, and no catalogs to compare.
    if (parsed.positionals.length > 0 || parsed.values['locales-dir'] !== undefined) {
      io.writeError(USAGE);
      return 2;
    }
    return experimentDiff(experiment, dir, shown, io);
  }
  const [ref, ...extra] = parsed.positionals;
  if (ref === undefined || extra.length > 0) {
    io.writeError(USAGE);
    return 2;
  }
  if (dir === '..' || dir.startsWith('../') || isAbsolute(dir)) {
    io.writeError(`survey:diff: ${shown} is outside the project at ${io.cwd}, so git has no earlier version of it to compare with\n${USAGE}`);
    return 2;
  }
  const localesDir = projectPath(io, parsed.values['locales-dir'], LOCALES_DIR);
  const commit = await resolveCommit(io.cwd, ref);
  if (!commit) {
    io.writeError(`survey:diff: '${ref}' is not a commit of the git repository at ${io.cwd}\n${USAGE}`);
    return 2;
  }

  const [before, after] = await Promise.all([compileAtRef(io.cwd, ref, dir), compileSurveyDir(join(io.cwd, dir), shown)]);
  reportProblems(before, `at ${ref} (${commit})`, io);
  reportProblems(after, 'in the working tree', io);
  if ('problems' in before || 'problems' in after) return 1;

  const languages = catalogLanguages();
  const [catalogsBefore, catalogsAfter] = await Promise.all([
    readCatalogs(languages, (language) => readFileAtRef(io.cwd, ref, catalogPath(language, localesDir))),
    workingTreeCatalogs(io.cwd, languages, localesDir),
  ]);
  const diff = diffBundles(before.bundle, after.bundle);
  diff.translations = diffTranslations(
    { bundle: before.bundle, catalogs: catalogsBefore },
    { bundle: after.bundle, catalogs: catalogsAfter },
    languages,
  );
  io.write(`Survey changes from ${ref} (${commit}) to the working tree, ${shown}/`);
  io.write('');
  io.write(formatDiff(diff));
  return 0;
}

runWhenMain(import.meta.url, 'survey:diff', (args) => main(args));
