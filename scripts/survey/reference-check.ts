import { compilerKindOf } from './kinds';
import { reporterFor } from './load-yaml';
import type { Report, YamlFile } from './load-yaml';
import type { Problem, ProblemCode } from './problems';
import { didYouMean } from './suggest';
import type { Named, SurveyDef } from './survey-def';
import { limitNames } from './survey-def';
import { stepEdges } from './survey-graph';

/**
 * Checks the names inside one survey: repeated step, answer and field ids, `next` and `start`
 * that name no step, `limit` that names no limit, and indicators beyond `indicatorSteps`.
 */
export function checkReferences(def: SurveyDef, yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);

  const stepLines = new Map<string, number>();
  for (const step of def.steps) {
    const first = stepLines.get(step.id.name);
    if (first === undefined) stepLines.set(step.id.name, yaml.locate(step.id.path).line);
    else report(step.id.path, 'duplicate-step', `'${step.id.name}' is already the id of the step on line ${first}`);
  }

  const unread = new Set(def.unreadSteps.map((id) => id.name));
  const checkStepRef = (ref: Named | undefined): void => {
    if (ref && !stepLines.has(ref.name) && !unread.has(ref.name)) {
      report(ref.path, 'unknown-step', `'${ref.name}' is not a step${didYouMean(ref.name, stepLines.keys())}`);
    }
  };
  const limits = limitNames(def);
  const checkLimitRef = (ref: Named | undefined): void => {
    if (ref && !limits.has(ref.name)) {
      const known = limits.size > 0 ? didYouMean(ref.name, limits) : ' (this file has no `limits`)';
      report(ref.path, 'unknown-limit', `'${ref.name}' is not one of the limits${known}`);
    }
  };

  checkStepRef(def.start);
  for (const step of def.steps) {
    for (const edge of stepEdges(step)) checkStepRef(edge.to);
    if (def.indicatorSteps !== undefined && step.indicator !== undefined && step.indicator > def.indicatorSteps) {
      report(
        [...step.path, 'indicator'],
        'invalid-value',
        `indicator ${step.indicator} is more than indicatorSteps (${def.indicatorSteps})`,
      );
    }
    compilerKindOf(step).checkReferences(step, {
      report,
      checkLimit: checkLimitRef,
      checkRepeats: (ids, code, noun) => checkRepeats(ids, code, noun, report),
      lineOf: (path) => yaml.locate(path).line,
    });
  }
  return problems;
}

function checkRepeats(
  ids: readonly Named[],
  code: ProblemCode,
  noun: string,
  report: Report,
): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id.name)) report(id.path, code, `'${id.name}' is already the id of another ${noun} of this step`);
    seen.add(id.name);
  }
}
