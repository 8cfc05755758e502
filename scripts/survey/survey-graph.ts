import type { Audience, AudienceRule } from '../../src/model';
import { compilerKindOf } from './kinds';
import type { EdgeDef, StepDef, SurveyDef } from './survey-def';
import { visibleTo } from './survey-def';

export { OTHER_TEXT } from './survey-def';
export type { EdgeDef } from './survey-def';

/** The ways out of a step as authored, read by the module of its kind. */
export function stepEdges(step: StepDef): EdgeDef[] {
  return compilerKindOf(step).edges(step);
}

/** The survey's steps by id; a repeated id keeps its first step (the repeat is reported elsewhere). */
export function stepsById(def: SurveyDef): Map<string, StepDef> {
  const steps = new Map<string, StepDef>();
  for (const step of def.steps) {
    if (!steps.has(step.id.name)) steps.set(step.id.name, step);
  }
  return steps;
}

/**
 * The edges an audience can take: answers it sees, into steps it sees, from steps it sees.
 * Without an audience, every authored edge into a known step.
 */
export function edgesFor(def: SurveyDef, audience?: Audience): EdgeDef[] {
  const steps = stepsById(def);
  const sees = (rule: AudienceRule): boolean => audience === undefined || visibleTo(rule, audience);
  return def.steps.flatMap((step) =>
    steps.get(step.id.name) === step && sees(step.audience)
      ? stepEdges(step).filter((edge) => {
          const target = edge.to && steps.get(edge.to.name);
          return sees(edge.audience) && target !== undefined && sees(target.audience);
        })
      : [],
  );
}

/** The ids of the steps reachable from `start` along `edges`. */
export function reachableFrom(start: string, edges: readonly EdgeDef[]): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const edge of edges) {
      const to = edge.to?.name;
      if (edge.from.id.name === id && to !== undefined && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

/** Whether the survey ends at the step (a closing form): its kind leads nowhere on. */
export function endsSurvey(step: StepDef): boolean {
  return stepEdges(step).length === 0;
}
