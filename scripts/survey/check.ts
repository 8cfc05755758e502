// CLI: npm run survey:check [-- PATH...] — checks survey YAML files or folders (default survey/ and survey/examples/),
// prints every problem as FILE:LINE:COL: error CODE: message and exits 1, or a one-line summary and exits 0.
// Warnings (a draft policy's proofs) are printed as FILE:LINE:COL: warning CODE: message and fail nothing.
// A PATH is read from the folder the command was run in (npm's INIT_CWD), as the shell would; the default
// folders are the project's. A path that holds no YAML file is a problem. The project's survey/ folder must
// hold what the compiler needs (toolkits.yaml, provider.yaml, a survey), as survey:compile says.
// --help (or -h) prints the usage and exits 0; any other option is refused with exit status 2, as is a
// failure of the checker itself.
import { stat, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeKindFiles } from '../kinds/write-kinds';
import { PROJECT_ROOT } from './compile';
import { isYamlFile } from './file-kind';
import { formatProblem, isWarning, problemAt, sortProblems } from './problems';
import type { Problem } from './problems';
import { invocationDir } from './invocation-dir';

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The folders checked when no path is given: the shipped survey, and the example survey of every kind of step. */
export const DEFAULT_PATHS = ['survey', 'survey/examples'] as const;

export const USAGE = `usage: npm run survey:check [-- PATH...]
  PATH  a survey YAML file (.yaml or .yml), or a folder whose YAML files are checked;
        read from the folder you run the command in. Without PATH: survey/ and survey/examples/.
Prints every problem as FILE:LINE:COL: error CODE: message and exits 1; exits 0 when there is none.`;

/** Where the checker runs: the project (for the default folders) and the folder the user ran the command in. */
export interface CheckPlace {
  /** The project root, which holds survey/ (default: the project of this file). */
  root?: string;
  /** The folder relative paths are read from (default: npm's INIT_CWD, else the working directory). */
  cwd?: string;
}

/** The command line read: the paths to check (absolute, each once), or the exit status to return at once. */
function readArgs(args: readonly string[], cwd: string, write: (line: string) => void, writeNote: (line: string) => void): string[] | number {
  const paths: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') {
      options = false;
    } else if (options && (arg === '--help' || arg === '-h')) {
      write(USAGE);
      return 0;
    } else if (options && arg.startsWith('-') && arg !== '-') {
      writeNote(`survey:check: '${arg}' is not an option of the checker: give the YAML files or folders to check, or none for survey/ and survey/examples/\n${USAGE}`);
      return 2;
    } else {
      paths.push(resolve(cwd, arg));
    }
  }
  return [...new Set(paths)];
}

/** The problem of a path that holds no YAML file to check (a file of another kind, or a folder without any); undefined otherwise. */
async function noYamlAt(path: string): Promise<Problem | undefined> {
  const info = await stat(path).catch(() => undefined);
  // A missing path is the checker's own read-error.
  if (!info) return undefined;
  if (info.isDirectory()) {
    const entries = await readdir(path, { withFileTypes: true });
    if (entries.some((entry) => (entry.isFile() || entry.isSymbolicLink()) && isYamlFile(entry.name))) return undefined;
    return problemAt(path, { line: 1, col: 1 }, 'read-error', 'this folder holds no YAML file (.yaml or .yml) to check');
  }
  if (isYamlFile(path)) return undefined;
  return problemAt(path, { line: 1, col: 1 }, 'read-error', 'this is not a YAML file (.yaml or .yml): the checker reads survey YAML files and folders of them');
}

/** Runs the checker on `args` (paths; none means DEFAULT_PATHS), writes its report, and returns the exit status. */
export async function main(
  args: readonly string[],
  write: (line: string) => void = console.log,
  writeNote: (line: string) => void = console.error,
  place: CheckPlace = {},
): Promise<number> {
  const root = place.root ?? PROJECT_ROOT;
  const read = readArgs(args, place.cwd ?? invocationDir(), write, writeNote);
  if (typeof read === 'number') return read;
  const paths = read.length > 0 ? read : DEFAULT_PATHS.map((path) => resolve(root, path));
  // The checker loads the kinds through their table, so the table is written before it is imported (with the kinds' stylesheet).
  writeKindFiles();
  const { loadCheckedProject, missingProjectFiles, summarize } = await import('./check-project');
  const { SURVEY_DIR } = await import('./compile-project');

  const unreadable = (await Promise.all(paths.map(noYamlAt))).filter((problem) => problem !== undefined);
  const project = await loadCheckedProject(paths.filter((path) => !unreadable.some((problem) => problem.file === path)));
  // The folder survey:compile compiles must hold what the compiler needs, so that check and compile agree.
  const surveyDir = resolve(root, SURVEY_DIR);
  const missing = paths.includes(surveyDir) ? missingProjectFiles(surveyDir, SURVEY_DIR, project.files) : [];
  const problems = sortProblems([...unreadable, ...missing, ...project.problems]);

  for (const problem of problems) write(formatProblem(problem));
  const errors = problems.filter((problem) => !isWarning(problem)).length;
  if (errors === 0) {
    write(summarize({ ...project, problems }));
    return 0;
  }
  const warnings = problems.length - errors;
  // The count goes to stderr so that stdout holds problem lines only, for tools that parse them.
  writeNote(`survey: ${plural(errors, 'problem')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(`survey:check failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
