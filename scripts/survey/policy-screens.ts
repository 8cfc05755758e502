// The screens of a compiled flow as a cancellation policy shapes them, as the page shows them: which
// steps are screens, which carry the cancel-now control, and the shortest way from each screen to the
// declaration. Built on the engine's walk (the kinds' branches, `landingStepId`), as every walk is.
import { completesSurvey, isConditional, kindOf, landingStepId, stepById } from '../../src/engine';
import type { CancellationPolicy, CompiledFlow, CompiledStep, StepId } from '../../src/model';

/** Whether the step is a question: neither a retention offer nor the closing form. */
export function isQuestion(step: CompiledStep): boolean {
  return !isConditional(step) && !completesSurvey(step);
}

/** Whether the page shows the step under the policy: every step but a withheld offer, which is passed by. */
export function isScreen(step: CompiledStep, policy: CancellationPolicy): boolean {
  return !(isConditional(step) && policy.offers === 'withheld');
}

/**
 * Whether the step's screen carries the cancel-now control, which leads straight to the declaration:
 * every screen but the declaration itself (`on: every-screen`), or each offer shown (`on: offers`).
 */
export function hasCancelControl(step: CompiledStep, policy: CancellationPolicy): boolean {
  const control = policy.cancelNow;
  if (!control || !isScreen(step, policy) || completesSurvey(step)) return false;
  return control.on === 'every-screen' || isConditional(step);
}

/** Whether Continue with nothing answered leads to the declaration (`survey: optional`, on a question). */
export function mayLeaveUnanswered(step: CompiledStep, policy: CancellationPolicy): boolean {
  return policy.survey === 'optional' && isQuestion(step);
}

/** How a way to the declaration ends. */
export type WayEnd =
  /** at the closing form, by the survey's own branches */
  | 'closing-form'
  /** by the cancel-now control of the last step */
  | 'cancel-now'
  /** by Continue with the last step's question left unanswered */
  | 'unanswered'
  /** the page opens on the declaration (`survey: after-cancellation`) */
  | 'opens-on-declaration';

/** The shortest way from a screen to the declared cancellation. */
export interface WayToDeclaration {
  /** The screens seen, the first and the declaration included; Infinity where no way leads there. */
  screens: number;
  /** The steps shown on the way, the first included (the closing form too, where the way ends there). */
  steps: StepId[];
  end: WayEnd;
}

/** The step the page lands on when the graph leads to `id` under the policy: withheld offers are passed by, others shown. */
function landingUnder(flow: CompiledFlow, policy: CancellationPolicy, id: StepId): StepId {
  const shown = policy.offers === 'withheld' ? [] : flow.order.filter((stepId) => isConditional(stepById(flow, stepId)));
  return landingStepId(flow, shown, id);
}

/**
 * The shortest way from each screen of the flow to the declaration under the policy, by the flow's
 * authored order. Every offer the policy lets show is counted as shown (the most screens a customer
 * can be shown); a withheld offer is no screen. An accepted offer declares nothing, so it is no way.
 */
export function waysToDeclaration(flow: CompiledFlow, policy: CancellationPolicy): Map<StepId, WayToDeclaration> {
  const ways = new Map<StepId, WayToDeclaration>();
  const wayFrom = (id: StepId, visiting: ReadonlySet<StepId>): WayToDeclaration => {
    const known = ways.get(id);
    if (known) return known;
    const step = stepById(flow, id);
    let best: WayToDeclaration = { screens: Infinity, steps: [id], end: 'closing-form' };
    const consider = (way: WayToDeclaration): void => {
      if (way.screens < best.screens) best = way;
    };
    if (policy.survey === 'after-cancellation') consider({ screens: 1, steps: [], end: 'opens-on-declaration' });
    if (completesSurvey(step)) consider({ screens: 1, steps: [id], end: 'closing-form' });
    if (hasCancelControl(step, policy)) consider({ screens: 2, steps: [id], end: 'cancel-now' });
    if (mayLeaveUnanswered(step, policy)) consider({ screens: 2, steps: [id], end: 'unanswered' });
    const seen = new Set(visiting).add(id);
    for (const branch of kindOf(step).branches(step)) {
      if (!('to' in branch.outcome)) continue;
      const next = landingUnder(flow, policy, branch.outcome.to);
      if (seen.has(next)) continue;
      const rest = wayFrom(next, seen);
      consider({ screens: rest.screens + 1, steps: [id, ...rest.steps], end: rest.end });
    }
    ways.set(id, best);
    return best;
  };
  const result = new Map<StepId, WayToDeclaration>();
  for (const id of flow.order) {
    const step = stepById(flow, id);
    if (isScreen(step, policy)) result.set(id, wayFrom(id, new Set()));
  }
  return result;
}

/** A way as a message shows it: `reason → competitors → final`, `reason → ‘Cancel now’ → the declaration`. */
export function wayText(way: WayToDeclaration, policy: CancellationPolicy): string {
  const ending: Record<WayEnd, string[]> = {
    'closing-form': [],
    'cancel-now': [`‘${policy.cancelNow?.label ?? 'cancel now'}’`, 'the declaration'],
    unanswered: ['Continue unanswered', 'the declaration'],
    'opens-on-declaration': ['the declaration first'],
  };
  return [...way.steps, ...ending[way.end]].join(' → ');
}
