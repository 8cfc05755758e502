import { relative, sep } from 'node:path';

/**
 * Every kind of problem the checker reports. The codes are a contract: CI, editors and tests
 * match on them, so a code is never renamed, only added.
 */
export type ProblemCode =
  // the file itself
  | 'read-error'
  | 'missing-file'
  | 'yaml-syntax'
  | 'duplicate-key'
  | 'unknown-alias'
  | 'excessive-aliases'
  // the checker itself failed on a file (a bug to report, not a mistake in the file)
  | 'internal-error'
  // the authoring schema (schemas/*.schema.json)
  | 'unknown-key'
  | 'missing-key'
  | 'wrong-type'
  | 'invalid-value'
  | 'bad-limit'
  // past what the survey storage takes (schemas/survey-payload.schema.json): a name or email limit, a text's length, an entry's answers
  | 'limit-too-high'
  | 'text-too-long'
  | 'too-many-answers'
  // references and ids inside one survey
  | 'duplicate-step'
  | 'duplicate-answer'
  | 'duplicate-field'
  // a closing form without a field the survey payload needs (its name, its agreement), for some audience
  | 'missing-field'
  | 'unknown-step'
  | 'unknown-limit'
  | 'unknown-plan'
  | 'unknown-toolkit'
  // the texts: ICU messages, and the catalogs beside the survey
  | 'icu-syntax'
  | 'unknown-placeholder'
  | 'missing-translation'
  // a plain text cut short by ' #', which starts a comment
  | 'comment-in-text'
  // the branching graph
  | 'unreachable-step'
  | 'cycle'
  | 'no-path-to-end'
  | 'audience-mismatch'
  | 'empty-step'
  | 'slot-reused'
  // across files
  | 'duplicate-survey'
  | 'unknown-survey'
  | 'duplicate-route'
  // a page, confirm route or redirect on a segment the area keeps for itself (no-subscription, api, assets)
  | 'reserved-route'
  | 'unknown-route'
  // two toolkit pages with one toolkit id, or one API segment
  | 'duplicate-toolkit'
  | 'duplicate-api-segment'
  // policies.yaml on its own
  | 'duplicate-policy'
  | 'unknown-policy'
  // a withdrawal from the contract that would take effect on an emailed link
  | 'withdrawal-effect'
  // experiments.yaml on its own
  | 'duplicate-experiment'
  | 'duplicate-variant'
  | 'experiment-dates'
  | 'experiment-overlap'
  // an experiment's variants against the survey they change (a variant's policy proofs are `policy-…`)
  | 'experiment-unknown-survey'
  | 'experiment-unknown-step'
  | 'experiment-unknown-answer'
  | 'experiment-not-an-offer'
  | 'experiment-not-a-discount'
  | 'experiment-not-a-choice'
  | 'experiment-order-incomplete'
  | 'experiment-placement'
  // a policy's proof on a survey it governs: `policy-<policy id>-<rule>` (policy-check.ts)
  | PolicyProblemCode;

/** The code of a policy's rule broken by a survey, e.g. `policy-de-312k-too-many-screens`. */
export type PolicyProblemCode = `policy-${string}`;

/** One problem at one place of one file; `line` and `col` are 1-based. */
export interface Problem {
  /** The file as the checker was given it (absolute or relative to the working directory). */
  file: string;
  line: number;
  col: number;
  code: ProblemCode;
  message: string;
  /**
   * `warning`: reported, but it fails neither the check nor the build (a draft policy's proof).
   * Absent: an error.
   */
  severity?: 'warning';
}

/** A 1-based place in a file. */
export interface Position {
  line: number;
  col: number;
}

/** Builds a problem at a position. */
export function problemAt(file: string, pos: Position, code: ProblemCode, message: string): Problem {
  return { file, line: pos.line, col: pos.col, code, message };
}

/** Whether a problem is only a warning: reported, but failing neither the check nor the build. */
export function isWarning(problem: Problem): boolean {
  return problem.severity === 'warning';
}

/** The path of `file` relative to `cwd`, with forward slashes on every platform. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, file) || file;
  return rel.split(sep).join('/');
}

/**
 * Formats one problem the way the checker prints it: `FILE:LINE:COL: error CODE: message`, or
 * `warning` in place of `error` for a warning.
 */
export function formatProblem(problem: Problem, cwd: string = process.cwd()): string {
  const severity = isWarning(problem) ? 'warning' : 'error';
  return `${displayPath(problem.file, cwd)}:${problem.line}:${problem.col}: ${severity} ${problem.code}: ${problem.message}`;
}

/** Formats a problem the compiler let through (CompileOptions): `FILE:LINE:COL: warning CODE: message`. */
export function formatWarning(problem: Problem, cwd: string = process.cwd()): string {
  return `${displayPath(problem.file, cwd)}:${problem.line}:${problem.col}: warning ${problem.code}: ${problem.message}`;
}

/** Sorts problems by file, line, column and code, and drops exact repeats. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\0${p.line}\0${p.col}\0${p.code}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      compareText(a.file, b.file) || a.line - b.line || a.col - b.col || compareText(a.code, b.code),
  );
}

/** Thrown by the compiler when the survey has problems; it carries all of them. */
export class SurveyProblemsError extends Error {
  readonly problems: Problem[];
  /** Problems the compiler was told to let through (see CompileOptions); they did not stop it. */
  readonly warnings: Problem[];

  constructor(problems: Problem[], warnings: Problem[] = []) {
    super(`the survey has ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    this.name = 'SurveyProblemsError';
    this.problems = problems;
    this.warnings = warnings;
  }
}

/** Locale-independent string comparison, so output order never depends on the machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
