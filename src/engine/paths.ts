import type { Audience, CompiledFlow, CompiledSurvey, GraphEdge, StepId } from '../model';
import { kindOf, type PathMove } from './kinds';
import { SurveyTransitionError } from './state';
import { landingStepId, stepById } from './steps';

export type { PathMove } from './kinds';

/**
 * Every path from the first step to its end, each as its moves: the closing form, or an offer the
 * customer accepts. `offers` are the offer steps shown (none by default: the survey passes them by).
 * Built on the kinds' branches, as every walk of the graph is.
 */
export function enumeratePaths(survey: CompiledSurvey, audience: Audience, offers: readonly StepId[] = []): PathMove[][] {
  const flow = survey.audiences[audience];
  const paths: PathMove[][] = [];
  const walk = (to: StepId, sofar: PathMove[], visiting: ReadonlySet<StepId>): void => {
    const id = landingStepId(flow, offers, to);
    if (visiting.has(id)) throw new SurveyTransitionError(`the ${audience} flow has a cycle through '${id}'`);
    const step = stepById(flow, id);
    const seen = new Set(visiting).add(id);
    for (const branch of kindOf(step).branches(step)) {
      const moves = [...sofar, branch.answer === undefined ? { step: id } : { step: id, answer: branch.answer }];
      if ('end' in branch.outcome) paths.push(moves);
      else walk(branch.outcome.to, moves, seen);
    }
  };
  walk(flow.start, [], new Set());
  return paths;
}

/** The edges of a flow's graph: one per branch that leads on to a step, in step and answer order. */
export function flowEdges(flow: CompiledFlow): GraphEdge[] {
  return flow.order.flatMap((id) => {
    const step = stepById(flow, id);
    return kindOf(step).branches(step).flatMap((branch): GraphEdge[] => {
      if ('end' in branch.outcome) return [];
      const edge = { from: id, to: branch.outcome.to, label: branch.label };
      return [branch.answer === undefined ? edge : { ...edge, answer: branch.answer }];
    });
  });
}

/** A flow's steps as nodes of its picture: id, kind, title and indicator, in authored order. */
export function flowNodes(flow: CompiledFlow): { id: StepId; type: string; label: string; indicator?: number }[] {
  return flow.order.map((id) => {
    const step = stepById(flow, id);
    // The graph names a step by what it asks; a step without a question, by its title.
    return { id, type: step.type, label: 'question' in step ? step.question : step.title, indicator: step.indicator };
  });
}
