// CLI: npm run survey:compile [-- --allow-missing-translations] — checks survey/ and writes src/generated/
// (survey.json and the precompiled validators). With problems it prints them in the checker's format,
// writes nothing and exits 1.
// --allow-missing-translations (or I18N_ALLOW_MISSING=1, the switch scripts/i18n/compile.mjs reads too)
// compiles anyway when survey texts are missing from catalogs, printing them as warnings: extraction
// needs it, since it is what adds new texts to the catalogs. The build runs without it.
// The checker's own warnings (a draft policy's proofs) are printed and never stop the compiler.
// It always compiles the project's survey/ and takes no path: --help (or -h) prints the usage and exits 0;
// any other argument is refused with exit status 2 and nothing written (as is a failure of the compiler itself).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeKindFiles } from '../kinds/write-kinds';
import type { CompileOptions } from './compile-project';
import { formatProblem, formatWarning, SurveyProblemsError } from './problems';

/** The project root: two folders above this file. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const USAGE = `usage: npm run survey:compile [-- --allow-missing-translations]
  Checks survey/ and compiles it into src/generated/; it takes no folder or file.
  --allow-missing-translations  compile even when survey texts are not translated yet (English stands in),
                                as I18N_ALLOW_MISSING=1 does`;

/** The command line read: the compile options, or the exit status to return at once (after --help, or a wrong argument). */
export function readArgs(
  args: readonly string[],
  write: (line: string) => void,
  writeError: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): CompileOptions | number {
  let allowMissingTranslations = env.I18N_ALLOW_MISSING === '1';
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      write(USAGE);
      return 0;
    }
    if (arg === '--allow-missing-translations') {
      allowMissingTranslations = true;
      continue;
    }
    const what = arg.startsWith('-')
      ? `'${arg}' is not an option of the compiler`
      : `the compiler takes no folder or file ('${arg}'): it always compiles the project's survey/ folder; to check another one, run npm run survey:check -- ${arg}`;
    writeError(`survey:compile: ${what}. Nothing was compiled.\n${USAGE}`);
    return 2;
  }
  return { allowMissingTranslations };
}

/** Compiles the survey of `root` into src/generated/, reports, and returns the exit status. */
export async function main(
  root: string = PROJECT_ROOT,
  write: (line: string) => void = console.log,
  writeError: (line: string) => void = console.error,
  options: CompileOptions = {},
): Promise<number> {
  // The compiler loads the kinds through their table, so the table is written before it is imported (with the kinds' stylesheet).
  writeKindFiles();
  const { writeCompiled } = await import('./compile-project');
  try {
    const { paths, warnings } = await writeCompiled(root, options);
    for (const warning of warnings) write(formatWarning(warning));
    const validators = paths.filter((file) => file.endsWith('.cjs')).length;
    const missing = warnings.filter((warning) => warning.code === 'missing-translation').length;
    const others = warnings.length - missing;
    const untranslated = missing > 0 ? `; ${plural(missing, 'text')} still to translate, English stands in for now` : '';
    const warned = others > 0 ? `; ${plural(others, 'warning')}` : '';
    write(`survey: compiled into src/generated/ (survey.json, ${plural(validators, 'validator module')})${untranslated}${warned}`);
    return 0;
  } catch (error) {
    if (!(error instanceof SurveyProblemsError)) throw error;
    for (const problem of error.problems) write(formatProblem(problem));
    for (const warning of error.warnings) write(formatWarning(warning));
    writeError(`survey: ${error.message}; nothing was compiled`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const read = readArgs(process.argv.slice(2), console.log, console.error);
  (typeof read === 'number' ? Promise.resolve(read) : main(PROJECT_ROOT, console.log, console.error, read)).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(`survey:compile failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
