// CLI: npm run survey:check [-- PATH...] — checks survey YAML files or folders (default survey/ and survey/examples/),
// prints every problem as FILE:LINE:COL: error CODE: message and exits 1, or a one-line summary and exits 0.
// Warnings (a draft policy's proofs) are printed as FILE:LINE:COL: warning CODE: message and fail nothing.
import { pathToFileURL } from 'node:url';
import { writeKindFiles } from '../kinds/write-kinds';
import { formatProblem, isWarning } from './problems';

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The folders checked when no path is given: the shipped survey, and the example survey of every kind of step. */
export const DEFAULT_PATHS = ['survey', 'survey/examples'] as const;

/** Runs the checker on `args` (paths; none means DEFAULT_PATHS), writes its report, and returns the exit status. */
export async function main(
  args: readonly string[],
  write: (line: string) => void = console.log,
  writeNote: (line: string) => void = console.error,
): Promise<number> {
  const paths = args.length > 0 ? args : [...DEFAULT_PATHS];
  // The checker loads the kinds through their table, so the table is written before it is imported (with the kinds' stylesheet).
  writeKindFiles();
  const { loadCheckedProject, summarize } = await import('./check-project');
  const project = await loadCheckedProject(paths);
  for (const problem of project.problems) write(formatProblem(problem));
  const errors = project.problems.filter((problem) => !isWarning(problem)).length;
  if (errors === 0) {
    write(summarize(project));
    return 0;
  }
  const warnings = project.problems.length - errors;
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
