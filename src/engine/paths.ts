import type { AnswerId, Audience, CompiledSurvey, StepId } from '../model';
import { SurveyTransitionError } from './state';
import { stepById } from './steps';

/** One move of a path: the step, and the answer chosen on it (choice steps only). */
export interface PathMove {
  step: StepId;
  answer?: AnswerId;
}

/** Every path from the first step to the closing form, each as its moves; the form is the last move. */
export function enumeratePaths(survey: CompiledSurvey, audience: Audience): PathMove[][] {
  const flow = survey.audiences[audience];
  const paths: PathMove[][] = [];
  const walk = (id: StepId, sofar: PathMove[], visiting: ReadonlySet<StepId>): void => {
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
    }
  };
  walk(flow.start, [], new Set());
  return paths;
}
