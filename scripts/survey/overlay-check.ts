// What a variant's overlay names, checked against the compiled survey it changes: every step, answer
// and way it names is one the survey has, of the kind the change needs. Asked of the engine's kinds,
// as applyOverlay asks them, so the checker refuses exactly what applyOverlay would leave alone.
import { isOfferStep, kindOf, stepAt } from '../../src/engine';
import { AUDIENCES } from '../../src/model';
import type { AnswerId, CompiledStep, CompiledSurvey, ExperimentOverlay, OfferPlacement, StepId } from '../../src/model';
import type { YamlPath } from './load-yaml';
import type { ProblemCode } from './problems';
import { didYouMean } from './suggest';

/** One thing an overlay names wrongly, at its path within the `overlay` block. */
export interface OverlayMistake {
  path: YamlPath;
  part: 'key' | 'value';
  code: ProblemCode;
  message: string;
}

/** The step as each audience's flow has it; one an audience does not see is left out. */
function versions(survey: CompiledSurvey, id: StepId): CompiledStep[] {
  return AUDIENCES.flatMap((audience) => stepAt(survey.audiences[audience], id) ?? []);
}

/** Every step id of the survey, either audience's, each once. */
function stepIds(survey: CompiledSurvey): StepId[] {
  return [...new Set(AUDIENCES.flatMap((audience) => survey.audiences[audience].order))];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

const aNoun = (step: CompiledStep): string => {
  const { noun } = kindOf(step);
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
};

/** The step the overlay names at `path` (a key of one of its blocks), or the mistake of naming it. */
function namedStep(survey: CompiledSurvey, id: StepId, path: YamlPath, part: 'key' | 'value'): CompiledStep | OverlayMistake {
  const [step] = versions(survey, id);
  if (step) return step;
  return { path, part, code: 'experiment-unknown-step', message: `'${id}' is not a step of survey '${survey.id}'${didYouMean(id, stepIds(survey))}` };
}

const isMistake = (value: CompiledStep | OverlayMistake): value is OverlayMistake => 'code' in value;

/** The offer the overlay names at `path`, or the mistake of naming it. */
function namedOffer(survey: CompiledSurvey, id: StepId, path: YamlPath): CompiledStep | OverlayMistake {
  const step = namedStep(survey, id, path, 'key');
  if (isMistake(step) || isOfferStep(step)) return step;
  return { path, part: 'key', code: 'experiment-not-an-offer', message: `'${id}' is ${aNoun(step)}, not a retention offer` };
}

function offerMistakes(survey: CompiledSurvey, offers: ExperimentOverlay['offers'] = {}): OverlayMistake[] {
  return Object.keys(offers).flatMap((id): OverlayMistake[] => {
    const path = ['offers', id];
    const step = namedOffer(survey, id, path);
    if (isMistake(step)) return [step];
    if (isOfferStep(step) && step.offer.kind !== 'discount') {
      return [{ path, part: 'key', code: 'experiment-not-a-discount', message: `'${id}' offers a ${step.offer.kind}: only a discount has a percent and months` }];
    }
    return [];
  });
}

/** The answers an order lists: every answer of the step, either audience's, but Other's. */
function orderableAnswers(steps: readonly CompiledStep[]): { ids: AnswerId[]; others: AnswerId[] } {
  const answers = steps.flatMap((step) => kindOf(step).answers?.(step) ?? []);
  return { ids: unique(answers.filter((a) => !a.isOther).map((a) => a.id)), others: unique(answers.filter((a) => a.isOther).map((a) => a.id)) };
}

function orderMistakes(survey: CompiledSurvey, orders: ExperimentOverlay['order'] = {}): OverlayMistake[] {
  return Object.entries(orders).flatMap(([id, order]): OverlayMistake[] => {
    const path = ['order', id];
    const step = namedStep(survey, id, path, 'key');
    if (isMistake(step)) return [step];
    if (!kindOf(step).inFixedOrder) {
      return [{ path, part: 'key', code: 'experiment-not-a-choice', message: `'${id}' is ${aNoun(step)}: only a choice step's answers can be shown in a fixed order` }];
    }
    const { ids, others } = orderableAnswers(versions(survey, id));
    const mistakes = order.flatMap((answer, index): OverlayMistake[] => {
      if (ids.includes(answer)) return [];
      const message = others.includes(answer)
        ? `'${answer}' is the Other answer, which always stays last: leave it out`
        : `'${answer}' is not an answer of '${id}'${didYouMean(answer, ids)}`;
      return [{ path: [...path, index], part: 'value', code: 'experiment-unknown-answer', message }];
    });
    const left = ids.filter((answer) => !order.includes(answer));
    if (left.length > 0) {
      const names = left.map((answer) => `'${answer}'`).join(', ');
      mistakes.push({ path, part: 'value', code: 'experiment-order-incomplete', message: `the order leaves out ${names}: list every answer of '${id}' but Other, in the order shown` });
    }
    return mistakes;
  });
}

/** What is wrong with the way a placement names out of `after`, if anything. */
function wayMistake(survey: CompiledSurvey, offerId: StepId, placement: OfferPlacement, path: YamlPath): OverlayMistake | undefined {
  const after = namedStep(survey, placement.after, [...path, 'after'], 'value');
  if (isMistake(after)) return after;
  const mistake = (at: 'after' | 'answer', code: ProblemCode, message: string): OverlayMistake => ({ path: [...path, at], part: 'value', code, message });
  if (placement.after === offerId) return mistake('after', 'experiment-placement', 'an offer cannot be shown after itself: name the step it follows');
  const branches = versions(survey, placement.after).flatMap((step) => kindOf(step).branches(step));
  const onward = unique(branches.filter((branch) => 'to' in branch.outcome).map((branch) => branch.answer));
  const answers = onward.filter((answer): answer is AnswerId => answer !== undefined);
  if (onward.length === 0) return mistake('after', 'experiment-placement', `'${placement.after}' ends the survey: no step follows it, so no offer can`);
  const { answer } = placement;
  if (answer === undefined) {
    if (onward.includes(undefined)) return undefined;
    return mistake('after', 'experiment-placement', `'${placement.after}' leads on by each answer: name the \`answer\` whose way shows the offer (${answers.join(', ')})`);
  }
  if (onward.includes(answer)) return undefined;
  if (branches.some((branch) => branch.answer === answer)) {
    return mistake('answer', 'experiment-placement', `'${answer}' of '${placement.after}' ends the survey: no step follows it, so no offer can`);
  }
  const ways = answers.length > 0 ? `${didYouMean(answer, answers)}; its answers: ${answers.join(', ')}` : ': it has one way on: leave `answer` out';
  return mistake('answer', 'experiment-unknown-answer', `'${answer}' is not an answer of '${placement.after}'${ways}`);
}

function placementMistakes(survey: CompiledSurvey, placements: ExperimentOverlay['placement'] = {}): OverlayMistake[] {
  return Object.entries(placements).flatMap(([id, placement]): OverlayMistake[] => {
    const path = ['placement', id];
    const offer = namedOffer(survey, id, path);
    if (isMistake(offer)) return [offer];
    const mistake = wayMistake(survey, id, placement, path);
    return mistake ? [mistake] : [];
  });
}

/**
 * Every name of the overlay the survey does not have as the change needs it: a changed offer that is
 * no step, no offer or no discount; an order of a step that is no choice step, naming an answer it
 * does not have or leaving one out; a placed offer that is no offer, after a step it cannot follow.
 */
export function overlayMistakes(survey: CompiledSurvey, overlay: ExperimentOverlay): OverlayMistake[] {
  return [...offerMistakes(survey, overlay.offers), ...orderMistakes(survey, overlay.order), ...placementMistakes(survey, overlay.placement)];
}
