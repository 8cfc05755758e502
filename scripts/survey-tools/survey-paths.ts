import { enumeratePaths } from '../../src/engine';
import type { PathMove } from '../../src/engine';
import type { Audience, CompiledSurvey } from '../../src/model';

/** A path as one line: `reason=not-using-now › why-not-using=budget › competitors=not-sure-yet › final`. */
export function formatPath(moves: readonly PathMove[]): string {
  return moves.map((move) => (move.answer === undefined ? move.step : `${move.step}=${move.answer}`)).join(' › ');
}

/** Every path of a survey for one audience, formatted, in the engine's order. */
export function surveyPaths(survey: CompiledSurvey, audience: Audience): string[] {
  return enumeratePaths(survey, audience).map(formatPath);
}
