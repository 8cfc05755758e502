// What went wrong in a rebuild, in one shape for the terminal and the page overlay: the checker's
// problems as they are, esbuild's errors and failed steps in the same FILE:LINE:COL form. Warnings
// (texts waiting for translators) have the same shape; they are kept apart, in their own list.
import type { Message } from 'esbuild';
import { formatProblem, formatWarning, type Problem } from '../survey';

/** One problem: where (file relative to the project root, 1-based line and column), what, and the printed line. */
export interface DevProblem {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
  /** `FILE:LINE:COL: error CODE: message` (`warning` for a warning), as the checker prints it. */
  text: string;
}

type Severity = 'error' | 'warning';

const shaped = (file: string, line: number, col: number, code: string, message: string, severity: Severity = 'error'): DevProblem => ({
  file,
  line,
  col,
  code,
  message,
  text: `${file}:${line}:${col}: ${severity} ${code}: ${message}`,
});

/** A checker problem (or, with `warning`, one the compiler let through), with its file relative to `root`. */
export function fromCheckerProblem(problem: Problem, root: string, severity: Severity = 'error'): DevProblem {
  const text = severity === 'warning' ? formatWarning(problem, root) : formatProblem(problem, root);
  const file = text.slice(0, text.indexOf(`:${problem.line}:${problem.col}:`));
  return { file, line: problem.line, col: problem.col, code: problem.code, message: problem.message, text };
}

/** The `FILE:LINE:COL: warning CODE: message` lines of a tool's output (the catalog check's), as warnings. */
export function parseWarnings(output: string): DevProblem[] {
  return output.split(/\r?\n/).flatMap((line) => {
    const match = /^(.+?):(\d+):(\d+): warning ([a-z-]+): (.*)$/.exec(line);
    if (!match) return [];
    const [, file = '', row = '1', col = '1', code = '', message = ''] = match;
    return [shaped(file, Number(row), Number(col), code, message, 'warning')];
  });
}

/** An esbuild error (a TypeScript syntax error, an import that does not resolve…). esbuild's columns are 0-based. */
export function fromEsbuildMessage(message: Message): DevProblem {
  const where = message.location;
  return shaped(where?.file ?? '(build)', where?.line ?? 1, (where?.column ?? 0) + 1, 'build-error', message.text);
}

/** A step that failed without saying where (a catalog that does not compile, a crash). */
export function stepFailure(file: string, code: string, error: unknown): DevProblem {
  const message = error instanceof Error ? error.message : String(error);
  return shaped(file, 1, 1, code, message.trim().split('\n').slice(0, 6).join(' ').slice(0, 600));
}
