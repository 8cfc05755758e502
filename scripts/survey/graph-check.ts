import { AUDIENCES } from '../../src/model';
import type { Audience } from '../../src/model';
import { reporterFor } from './load-yaml';
import type { Report, YamlFile } from './load-yaml';
import type { Problem } from './problems';
import type { StepDef, SurveyDef } from './survey-def';
import { visibleTo } from './survey-def';
import { compilerKindOf } from './kinds';
import { edgesFor, endsSurvey, reachableFrom, stepEdges, stepsById } from './survey-graph';
import type { EdgeDef } from './survey-graph';

/**
 * Checks the branching of one survey: steps nobody reaches, loops, steps from which no form can be
 * reached, answers that lead an audience to a step it cannot see, and steps left without answers for
 * an audience. References to unknown steps are the reference check's job and are skipped here.
 */
export function checkGraph(def: SurveyDef, yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);
  const steps = stepsById(def);
  const start = def.start && steps.get(def.start.name);
  if (!def.start || !start) return problems;

  const allEdges = edgesFor(def);
  const reached = reachableFrom(start.id.name, allEdges);
  for (const [id, step] of steps) {
    if (!reached.has(id)) report(step.id.path, 'unreachable-step', `step '${id}' is never reached: no answer leads to it`);
  }

  for (const edge of backEdges(def, allEdges)) {
    const to = edge.edge.to;
    if (to) report(to.path, 'cycle', `this leads back to an earlier step: ${edge.loop.join(' → ')}`);
  }

  const deadEverywhere = deadEntries(start, allEdges, steps, new Set());
  for (const step of deadEverywhere) {
    report(step.id.path, 'no-path-to-end', `no path from step '${step.id.name}' reaches a form step`);
  }

  for (const audience of AUDIENCES) {
    if (!visibleTo(start.audience, audience)) {
      report(def.start.path, 'audience-mismatch', `the first step '${start.id.name}' is only for ${start.audience} users, so ${audience} users would see no survey`);
      continue;
    }
    const edges = edgesFor(def, audience);
    const empty = new Set<StepDef>();
    for (const id of reachableFrom(start.id.name, edges)) {
      const step = steps.get(id);
      if (step && checkStepFor(step, audience, steps, report)) empty.add(step);
    }
    // Steps already reported (dead for everyone, or empty for this audience) count as live here,
    // so that one mistake is not reported again at every step that leads to it.
    const reported = new Set([...deadEverywhere, ...empty].map((step) => step.id.name));
    for (const step of deadEntries(start, edges, steps, reported)) {
      if (!reported.has(step.id.name)) {
        report(step.id.path, 'no-path-to-end', `no path from step '${step.id.name}' reaches a form step for ${audience} users`);
      }
    }
  }
  return problems;
}

/** Reports the audience-specific problems of one step that `audience` reaches; true when the step is empty for it. */
function checkStepFor(
  step: StepDef,
  audience: Audience,
  steps: ReadonlyMap<string, StepDef>,
  report: Report,
): boolean {
  for (const edge of stepEdges(step)) {
    const target = edge.to && steps.get(edge.to.name);
    if (edge.to && target && visibleTo(edge.audience, audience) && !visibleTo(target.audience, audience)) {
      const way = edge.answer === undefined ? 'reach this step' : 'choose this answer';
      report(edge.to.path, 'audience-mismatch', `step '${target.id.name}' is only for ${target.audience} users, but ${audience} users ${way}`);
    }
  }
  const empty = compilerKindOf(step).emptyFor?.(step, audience);
  if (empty) report(empty.path, 'empty-step', empty.message, 'key');
  return empty !== undefined;
}

/**
 * The steps, reachable from `start`, from which no form step can be reached along `edges`; only the
 * first of each dead region is returned (the start, or a dead step that a live step leads to).
 * `assumedLive` steps count as reaching a form.
 */
function deadEntries(
  start: StepDef,
  edges: readonly EdgeDef[],
  steps: ReadonlyMap<string, StepDef>,
  assumedLive: ReadonlySet<string>,
): StepDef[] {
  const live = new Set(assumedLive);
  for (const [id, step] of steps) if (endsSurvey(step)) live.add(id);
  // A step with a `next` that names no step counts as live: that mistake is reported as unknown-step.
  for (const step of steps.values()) {
    if (stepEdges(step).some((edge) => edge.to && !steps.has(edge.to.name))) live.add(step.id.name);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const edge of edges) {
      if (edge.to && live.has(edge.to.name) && !live.has(edge.from.id.name)) {
        live.add(edge.from.id.name);
        grew = true;
      }
    }
  }
  const reached = reachableFrom(start.id.name, edges);
  const entries = new Set<StepDef>();
  if (!live.has(start.id.name)) entries.add(start);
  for (const edge of edges) {
    const target = edge.to && steps.get(edge.to.name);
    if (target && !live.has(target.id.name) && live.has(edge.from.id.name) && reached.has(edge.from.id.name)) {
      entries.add(target);
    }
  }
  return [...entries];
}

/** The edges that close a loop, found by a depth-first walk in authored order, with the loop they close. */
function backEdges(def: SurveyDef, edges: readonly EdgeDef[]): { edge: EdgeDef; loop: string[] }[] {
  const found: { edge: EdgeDef; loop: string[] }[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (id: string): void => {
    path.push(id);
    for (const edge of edges) {
      const to = edge.to?.name;
      if (edge.from.id.name !== id || to === undefined) continue;
      const onPath = path.indexOf(to);
      if (onPath >= 0) found.push({ edge, loop: [...path.slice(onPath), to] });
      else if (!done.has(to)) visit(to);
    }
    path.pop();
    done.add(id);
  };
  const roots = [def.start?.name, ...def.steps.map((step) => step.id.name)];
  for (const id of roots) if (id !== undefined && !done.has(id)) visit(id);
  return found;
}
