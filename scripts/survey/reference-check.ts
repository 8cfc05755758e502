import { CANCELLABLE_TOOLKITS, OTHER_ANSWER_ID } from '../../src/model';
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

  const checkStepRef = (ref: Named | undefined): void => {
    if (ref && !stepLines.has(ref.name)) {
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
    switch (step.type) {
      case 'choice': {
        checkRepeats(step.answers.map((answer) => answer.id), 'duplicate-answer', 'answer', report);
        for (const answer of step.answers) {
          if (answer.id.name === OTHER_ANSWER_ID) {
            report(answer.id.path, 'duplicate-answer', `'${OTHER_ANSWER_ID}' is the id of the 'Other' answer; add it with \`other:\` or choose another id`);
          }
          checkLimitRef(answer.input?.limit);
        }
        checkLimitRef(step.other?.limit);
        break;
      }
      case 'text':
        checkLimitRef(step.input.limit);
        break;
      case 'form':
        checkRepeats(step.fields.map((field) => field.id), 'duplicate-field', 'field', report);
        for (const field of step.fields) checkLimitRef(field.limit);
        break;
      case 'offer': {
        for (const toolkit of step.toolkits) {
          if (!(CANCELLABLE_TOOLKITS as readonly string[]).includes(toolkit.name)) {
            report(toolkit.path, 'unknown-toolkit', `'${toolkit.name}' is not a toolkit${didYouMean(toolkit.name, CANCELLABLE_TOOLKITS)}`);
          }
        }
        const planNames = new Set(step.planNames.map((plan) => plan.name));
        for (const plan of step.plans.flatMap((group) => group.plans)) {
          if (!planNames.has(plan.name)) {
            report(plan.path, 'unknown-plan', `'${plan.name}' is not one of the planNames${didYouMean(plan.name, planNames)}`);
          }
        }
        break;
      }
    }
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
