// What the compiled steps of several kinds share: their place in the survey, and the question they ask.
import type { Audience } from '../../../src/model';
import type { YamlPath } from '../load-yaml';
import type { AnswerDef, StepDefBase } from '../survey-def';
import { visibleTo } from '../survey-def';

/** A compiled step's id, indicator, slot, heading and title (its heading, else `title`). */
export function compiledBase(step: StepDefBase, title: string) {
  return { id: step.id.name, indicator: step.indicator, slot: step.slot, heading: step.heading, title: step.heading ?? title };
}

/** The same for a step that asks a question: the question names it where it has no heading. */
export function compiledQuestion(step: StepDefBase & { question: string }) {
  return { ...compiledBase(step, step.question), question: step.question };
}

/** A step with answers is empty for an audience that sees none of them. */
export function noAnswersFor(
  step: StepDefBase & { answers: readonly AnswerDef[] },
  audience: Audience,
): { path: YamlPath; message: string } | undefined {
  return step.answers.some((answer) => visibleTo(answer.audience, audience))
    ? undefined
    : { path: [...step.path, 'answers'], message: `step '${step.id.name}' has no answers for ${audience} users` };
}
