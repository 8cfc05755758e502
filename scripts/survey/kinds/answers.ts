// The answers of the kinds that have a list of them (choice, multi): read, checked and compiled alike.
import { OTHER_ANSWER_ID } from '../../../src/model';
import type { ChoiceAnswer, TextInput } from '../../../src/model';
import type { YamlPath } from '../load-yaml';
import { readAnswer, readOther } from '../read-parts';
import { asList, checked } from '../read-helpers';
import type { Block } from '../read-helpers';
import type { AnswerDef, OtherDef } from '../survey-def';
import { OTHER_TEXT, visibleTo } from '../survey-def';
import type { CompileContext, ReferenceContext } from './kind';

/** The answer blocks of a step and its `other:` block. */
export function readAnswers(block: Block, path: YamlPath): { answers: AnswerDef[]; other?: OtherDef } {
  return {
    answers: asList(block.answers).flatMap((answer, index) => {
      const def = readAnswer(answer, [...path, 'answers', index]);
      return def ? [def] : [];
    }),
    other: readOther(block.other, [...path, 'other']),
  };
}

/** Repeated answer ids, an answer that takes the id of 'Other', and unknown limits of the answers' boxes. */
export function checkAnswers(answers: readonly AnswerDef[], other: OtherDef | undefined, refs: ReferenceContext): void {
  refs.checkRepeats(answers.map((answer) => answer.id), 'duplicate-answer', 'answer');
  for (const answer of answers) {
    if (answer.id.name === OTHER_ANSWER_ID) {
      refs.report(answer.id.path, 'duplicate-answer', `'${OTHER_ANSWER_ID}' is the id of the 'Other' answer; add it with \`other:\` or choose another id`);
    }
    refs.checkLimit(answer.input?.limit);
  }
  refs.checkLimit(other?.limit);
}

/** The answers the audience sees, 'Other' appended last, each leading to `next` (its own, or the step's). */
export function compileAnswers(
  answers: readonly AnswerDef[],
  other: OtherDef | undefined,
  context: CompileContext,
  stepNext?: string,
): ChoiceAnswer[] {
  const compiled: ChoiceAnswer[] = answers
    .filter((answer) => visibleTo(answer.audience, context.audience))
    .map((answer) => ({
      id: answer.id.name,
      text: answer.text,
      next: stepNext ?? checked(answer.next, 'next').name,
      isOther: false,
      input: answer.input && context.input(answer.input),
      tip: answer.tip,
    }));
  if (other) {
    compiled.push({
      id: OTHER_ANSWER_ID,
      text: OTHER_TEXT,
      next: stepNext ?? checked(other.next, 'next').name,
      isOther: true,
      input: context.input(other),
    });
  }
  return compiled;
}

const inputTexts = (input: TextInput | undefined): (string | undefined)[] => [input?.label, input?.placeholder];

/** The customer-visible texts of a list of answers: their texts, boxes and tips. */
export function answerTexts(answers: readonly (Omit<ChoiceAnswer, 'next'>)[]): (string | undefined)[] {
  return answers.flatMap((answer) => [answer.text, ...inputTexts(answer.input), answer.tip?.text, answer.tip?.label]);
}

/** A text box's customer-visible texts. */
export const boxTexts = inputTexts;
