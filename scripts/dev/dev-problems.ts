// What went wrong in a rebuild, in one shape for the terminal and the page overlay: the checker's
// problems as they are, esbuild's errors and failed steps in the same FILE:LINE:COL form.
import type { Message } from 'esbuild';
import { formatProblem, type Problem } from '../survey';

/** One problem: where (file relative to the project root, 1-based line and column), what, and the printed line. */
export interface DevProblem {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
  /** `FILE:LINE:COL: error CODE: message`, as the checker prints it. */
  text: string;
}

const shaped = (file: string, line: number, col: number, code: string, message: string): DevProblem => ({
  file,
  line,
  col,
  code,
  message,
  text: `${file}:${line}:${col}: error ${code}: ${message}`,
});

/** A checker problem, with its file relative to `root`. */
export function fromCheckerProblem(problem: Problem, root: string): DevProblem {
  const text = formatProblem(problem, root);
  const file = text.slice(0, text.indexOf(`:${problem.line}:${problem.col}:`));
  return { file, line: problem.line, col: problem.col, code: problem.code, message: problem.message, text };
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
