import type { AnswerId, Audience, CompiledSurvey, StepId } from '../model';
import { SurveyTransitionError } from './state';
import { landingStepId, stepById } from './steps';

/** One move of a path: the step, and the answer chosen on it (a choice's answer id, or an offer's `accepted`/`declined`). */
export interface PathMove {
  step: StepId;
  answer?: AnswerId;
}

/**
 * Every path from the first step to its end, each as its moves: the closing form, or an offer the
 * customer accepts. `offers` are the offer steps shown (none by default: the survey passes them by).
 */
export function enumeratePaths(survey: CompiledSurvey, audience: Audience, offers: readonly StepId[] = []): PathMove[][] {
  const flow = survey.audiences[audience];
  const paths: PathMove[][] = [];
  const walk = (to: StepId, sofar: PathMove[], visiting: ReadonlySet<StepId>): void => {
    const id = landingStepId(flow, offers, to);
    if (visiting.has(id)) throw new SurveyTransitionError(`the ${audience} flow has a cycle through '${id}'`);
    const step = stepById(flow, id);
    const seen = new Set(visiting).add(id);
    switch (step.type) {
      case 'form':
        paths.push([...sofar, { step: id }]);
        return;
      case 'text':
        walk(step.next, [...sofar, { step: id }], seen);
        return;
      case 'choice':
        for (const answer of step.answers) walk(answer.next, [...sofar, { step: id, answer: answer.id }], seen);
        return;
      case 'offer':
        paths.push([...sofar, { step: id, answer: 'accepted' }]);
        walk(step.next, [...sofar, { step: id, answer: 'declined' }], seen);
    }
  };
  walk(flow.start, [], new Set());
  return paths;
}
