// CLI: npm run survey:compile — checks survey/ and writes src/generated/ (survey.json and the precompiled
// validators). With problems it prints them in the checker's format, writes nothing and exits 1.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCompiled } from './compile-project';
import { formatProblem, SurveyProblemsError } from './problems';

/** The project root: two folders above this file. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Compiles the survey of `root` into src/generated/, reports, and returns the exit status. */
export async function main(
  root: string = PROJECT_ROOT,
  write: (line: string) => void = console.log,
  writeError: (line: string) => void = console.error,
): Promise<number> {
  try {
    const files = await writeCompiled(root);
    const validators = files.filter((file) => file.endsWith('.cjs')).length;
    write(`survey: compiled into src/generated/ (survey.json, ${validators} validator module${validators === 1 ? '' : 's'})`);
    return 0;
  } catch (error) {
    if (!(error instanceof SurveyProblemsError)) throw error;
    for (const problem of error.problems) write(formatProblem(problem));
    writeError(`survey: ${error.message}; nothing was compiled`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(`survey:compile failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
