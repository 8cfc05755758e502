import { OTHER_ANSWER_ID } from '../../src/model';
import type { Audience, AudienceRule } from '../../src/model';
import type { Named, StepDef, SurveyDef } from './survey-def';
import { visibleTo } from './survey-def';

/** The text of the 'Other' answer every `other:` block adds. */
export const OTHER_TEXT = 'Other';

/** One way from a step to the next, as authored. */
export interface EdgeDef {
  from: StepDef;
  /** The `next` reference; undefined where it is missing (the schema check reports that). */
  to: Named | undefined;
  /** The answer that takes this edge; undefined for a text step's single way on. */
  answer?: string;
  label: string;
  audience: AudienceRule;
}

/** The ways out of a step: its answers in authored order, then 'Other'; a text step's `next`. */
export function stepEdges(step: StepDef): EdgeDef[] {
  switch (step.type) {
    case 'choice': {
      const edges: EdgeDef[] = step.answers.map((answer) => ({
        from: step,
        to: answer.next,
        answer: answer.id.name,
        label: answer.text,
        audience: answer.audience,
      }));
      if (step.other) {
        edges.push({ from: step, to: step.other.next, answer: OTHER_ANSWER_ID, label: OTHER_TEXT, audience: 'all' });
      }
      return edges;
    }
    case 'text':
      // One way on, so the edge carries no answer and no label.
      return [{ from: step, to: step.next, label: '', audience: 'all' }];
    case 'form':
      return [];
    case 'offer':
      // Accepting ends the survey; declining goes on.
      return [{ from: step, to: step.next, answer: 'declined', label: step.decline, audience: 'all' }];
  }
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
