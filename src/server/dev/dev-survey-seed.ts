// The survey state that opens a step directly: the shortest path to it with plausible answers, so the
// app restores it as if the customer had answered their way there (development only).
import {
  enumeratePaths,
  currentStep,
  isConditional,
  kindOf,
  startSurvey,
  stepAt,
  transition,
  type PathMove,
  type RandomSource,
  type SampleFill,
  type SurveyState,
} from '../../engine';
import type { Audience, CompiledSurvey, StepId } from '../../model';

/** What a seeded free-text box says, so a product manager sees at once that it was not typed. */
export const SAMPLE_TEXT = 'Sample answer filled in by the survey preview';

/** Why a step cannot be opened: not a step of the audience's flow, or no path reaches it. */
export class SeedError extends Error {
  override name = 'SeedError';
}

/** How many moves of a path need typed text: fewer is more plausible (a short path through 'Other' is not). */
function textMoves(survey: CompiledSurvey, audience: Audience, moves: readonly PathMove[]): number {
  const steps = survey.audiences[audience].steps;
  return moves.filter((move) => {
    const step = steps[move.step];
    return step !== undefined && kindOf(step).enteredTexts(step, kindOf(step).sampleData(step, move, PREVIEW_FILL)).length > 0;
  }).length;
}

/**
 * The moves before `target` on the shortest path from the first step (fewest moves, then fewest typed
 * answers, then the first in graph order). `offers` are the offer steps shown on the way.
 */
export function shortestPathTo(survey: CompiledSurvey, audience: Audience, target: StepId, offers: readonly StepId[]): PathMove[] {
  let best: { moves: PathMove[]; texts: number } | undefined;
  for (const path of enumeratePaths(survey, audience, offers)) {
    const index = path.findIndex((move) => move.step === target);
    if (index < 0) continue;
    const moves = path.slice(0, index);
    const texts = textMoves(survey, audience, moves);
    if (!best || moves.length < best.moves.length || (moves.length === best.moves.length && texts < best.texts)) best = { moves, texts };
  }
  if (!best) throw new SeedError(`no path of the ${audience} flow of '${survey.id}' reaches '${target}'`);
  return best.moves;
}

/** What the preview types into every box: it says that nobody typed it. */
const PREVIEW_FILL: SampleFill = { box: () => SAMPLE_TEXT, name: SAMPLE_TEXT, comment: () => SAMPLE_TEXT };

/**
 * The state of a visit standing on `target`: the answers along the shortest path, with `offers` (the
 * offers this customer may see) plus `target` itself when it is an offer, so an offer step always opens.
 */
export function seedSurveyState(
  survey: CompiledSurvey,
  audience: Audience,
  target: StepId,
  offers: readonly StepId[] = [],
  random: RandomSource = Math.random,
): SurveyState {
  const flow = survey.audiences[audience];
  const step = stepAt(flow, target);
  if (!step) throw new SeedError(`'${target}' is not a step of the ${audience} flow of '${survey.id}' (steps: ${Object.keys(flow.steps).join(', ')})`);
  const shown = [...new Set(isConditional(step) ? [...offers, target] : offers)].sort();
  let state = startSurvey(survey, audience, random);
  if (shown.length > 0) state = transition(survey, state, { type: 'offers', available: shown });
  for (const move of shortestPathTo(survey, audience, target, shown)) {
    const here = currentStep(survey, state);
    state = transition(survey, state, { type: 'continue', data: kindOf(here).sampleData(here, move, PREVIEW_FILL) });
  }
  if (currentStep(survey, state).id !== target) throw new SeedError(`the path to '${target}' ended on '${currentStep(survey, state).id}'`);
  return state;
}
