// The survey state that opens a step directly: the shortest path to it with plausible answers, so the
// app restores it as if the customer had answered their way there (development only).
import {
  enumeratePaths,
  currentStep,
  startSurvey,
  transition,
  type PathMove,
  type RandomSource,
  type StepData,
  type SurveyState,
} from '../../engine';
import type { Audience, CompiledStep, CompiledSurvey, StepId } from '../../model';

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
    return step?.type === 'text' || (step?.type === 'choice' && step.answers.some((a) => a.id === move.answer && a.input !== undefined));
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

/** What a customer plausibly entered to take `move` on `step`. */
function plausibleData(step: CompiledStep, move: PathMove): StepData {
  switch (step.type) {
    case 'choice': {
      const answer = step.answers.find((a) => a.id === move.answer);
      return answer?.input ? { answer: move.answer, details: { [answer.id]: SAMPLE_TEXT } } : { answer: move.answer };
    }
    case 'text':
      return { text: SAMPLE_TEXT };
    case 'offer':
      return { choice: 'declined' };
    case 'form':
      throw new SeedError(`the closing form '${step.id}' ends the survey; no step comes after it`);
  }
}

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
  const step = flow.steps[target];
  if (!step) throw new SeedError(`'${target}' is not a step of the ${audience} flow of '${survey.id}' (steps: ${Object.keys(flow.steps).join(', ')})`);
  const shown = [...new Set(step.type === 'offer' ? [...offers, target] : offers)].sort();
  let state = startSurvey(survey, audience, random);
  if (shown.length > 0) state = transition(survey, state, { type: 'offers', available: shown });
  for (const move of shortestPathTo(survey, audience, target, shown)) {
    state = transition(survey, state, { type: 'continue', data: plausibleData(currentStep(survey, state), move) });
  }
  if (currentStep(survey, state).id !== target) throw new SeedError(`the path to '${target}' ended on '${currentStep(survey, state).id}'`);
  return state;
}
