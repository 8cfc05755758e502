// A variant of an experiment as the survey it makes: the compiled survey with the variant's overlay
// applied, a CompiledSurvey like any other, so the engine, the replay and the renderer walk it unchanged.
import type { CompiledFlow, CompiledStep, CompiledSurvey, ExperimentOverlay, OfferOverlay, OfferPlacement, OfferStep, StepId } from '../model';
import { isOfferStep, kindOf } from './kinds';
import { stepAt } from './steps';

/** A flow with some of its steps replaced. */
function withSteps(flow: CompiledFlow, replaced: readonly CompiledStep[]): CompiledFlow {
  return replaced.length === 0 ? flow : { ...flow, steps: { ...flow.steps, ...Object.fromEntries(replaced.map((step) => [step.id, step])) } };
}

/** The flow's offer steps, in authored order. */
function offersOf(flow: CompiledFlow): OfferStep[] {
  return flow.order.flatMap((id) => {
    const step = stepAt(flow, id);
    return step && isOfferStep(step) ? [step] : [];
  });
}

/** A discount offer with the overlay's numbers; a downgrade has none to change. */
function withDiscount(step: OfferStep, values: OfferOverlay): OfferStep {
  const { offer } = step;
  if (offer.kind !== 'discount') return step;
  return { ...step, offer: { ...offer, percent: values.percent ?? offer.percent, months: values.months ?? offer.months } };
}

function discounts(flow: CompiledFlow, offers: Record<StepId, OfferOverlay>): CompiledFlow {
  return withSteps(
    flow,
    offersOf(flow).flatMap((step) => {
      const values = offers[step.id];
      return values ? [withDiscount(step, values)] : [];
    }),
  );
}

function answerOrders(flow: CompiledFlow, orders: Record<StepId, readonly string[]>): CompiledFlow {
  const replaced = Object.entries(orders).flatMap(([id, order]) => {
    const step = stepAt(flow, id);
    const reordered = step && kindOf(step).inFixedOrder?.(step, order);
    return reordered ? [reordered] : [];
  });
  return withSteps(flow, replaced);
}

/**
 * No offer is available on any page: each is passed by, as `availableOffers` and the server's offer
 * calls pass by an offer whose toolkits do not list the page's (see src/engine/offers.ts).
 */
function withoutOffers(flow: CompiledFlow): CompiledFlow {
  return withSteps(
    flow,
    offersOf(flow).map((step) => ({ ...step, offer: { ...step.offer, toolkits: [] } })),
  );
}

/** The step with every branch that leads to `from` leading to `to` instead. */
function bypassing(step: CompiledStep, from: StepId, to: StepId): CompiledStep {
  const kind = kindOf(step);
  return kind
    .branches(step)
    .filter((branch) => 'to' in branch.outcome && branch.outcome.to === from)
    .reduce((changed, branch) => kind.redirected(changed, branch.answer, to), step);
}

/** The branch by which a step leads on to another step, by its answer (undefined: the step's one way on). */
function wayOn(step: CompiledStep, answer: string | undefined): StepId | undefined {
  const branch = kindOf(step).branches(step).find((candidate) => candidate.answer === answer);
  return branch && 'to' in branch.outcome ? branch.outcome.to : undefined;
}

/**
 * The offer taken out of its place (every way into it leads where its decline led) and put on the
 * way out of `placement.after` by `placement.answer` (the way now leads to the offer, whose decline
 * leads where the way led). A flow without the offer or without that way (the other audience's) is
 * left as it is. No loop can arise: the offer only stands between two steps the way already joined.
 */
function placed(flow: CompiledFlow, offerId: StepId, placement: OfferPlacement): CompiledFlow {
  const offer = stepAt(flow, offerId);
  const after = stepAt(flow, placement.after);
  const target = after && wayOn(after, placement.answer);
  if (!offer || !isOfferStep(offer) || !after || target === undefined || offer === after || target === offerId) return flow;
  const decline = kindOf(offer)
    .branches(offer)
    .find((branch) => 'to' in branch.outcome);
  const declinedTo = decline && 'to' in decline.outcome ? decline.outcome.to : undefined;
  if (!decline || declinedTo === undefined) return flow;

  const steps: Record<StepId, CompiledStep> = {};
  for (const [id, step] of Object.entries(flow.steps)) steps[id] = id === offerId ? step : bypassing(step, offerId, declinedTo);
  const before = steps[placement.after] ?? after;
  steps[placement.after] = kindOf(before).redirected(before, placement.answer, offerId);
  steps[offerId] = kindOf(offer).redirected(offer, decline.answer, target);
  return { ...flow, start: flow.start === offerId ? declinedTo : flow.start, steps };
}

function placements(flow: CompiledFlow, placement: Record<StepId, OfferPlacement>): CompiledFlow {
  return Object.entries(placement).reduce((changed, [offerId, where]) => placed(changed, offerId, where), flow);
}

/** One audience's flow with the overlay applied, part by part. */
function overlaidFlow(flow: CompiledFlow, overlay: ExperimentOverlay): CompiledFlow {
  let result = flow;
  if (overlay.offers) result = discounts(result, overlay.offers);
  if (overlay.order) result = answerOrders(result, overlay.order);
  if (overlay.placement) result = placements(result, overlay.placement);
  if (overlay.holdout) result = withoutOffers(result);
  return result;
}

/**
 * The survey a variant shows: a new survey (the input is never changed) whose flows, both audiences',
 * have the overlay applied. Discount offers take its percent and months; a choice step listed in
 * `order` shows its answers in that order on every visit, 'Other' last (`order: 'fixed'`); a placed
 * offer stands on the way it names instead of where the survey placed it; under `holdout` no offer is
 * available, so the engine passes each by. Steps, answers and ways the overlay names that a flow does
 * not have are left alone there (the checker refuses names no flow has).
 */
export function applyOverlay(survey: CompiledSurvey, overlay: ExperimentOverlay): CompiledSurvey {
  return {
    ...survey,
    audiences: {
      trial: overlaidFlow(survey.audiences.trial, overlay),
      paid: overlaidFlow(survey.audiences.paid, overlay),
    },
  };
}
