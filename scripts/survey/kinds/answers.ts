// The answers of the kinds that have a list of them (choice, multi): read, checked and compiled alike.
import { AUDIENCES, OTHER_ANSWER_ID } from '../../../src/model';
import type { AudienceRule, ChoiceAnswer, TextInput } from '../../../src/model';
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
  checkRepeatedTexts(answers, other, refs);
}

/** Texts read alike: the same words whatever their case and spacing. */
const sameText = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Two answers with one text that some audience sees together: the customer could not tell them apart,
 * nor could the stored survey, which records an answer by its text. At the second, naming the first's line.
 */
function checkRepeatedTexts(answers: readonly AnswerDef[], other: OtherDef | undefined, refs: ReferenceContext): void {
  const written: { text: string; audience: AudienceRule; path: YamlPath }[] = answers.map((answer) => ({
    text: answer.text,
    audience: answer.audience,
    path: [...answer.id.path.slice(0, -1), 'text'],
  }));
  if (other) written.push({ text: OTHER_TEXT, audience: 'all', path: other.path });
  for (const [index, answer] of written.entries()) {
    const first = written.slice(0, index).find((earlier) => sameText(earlier.text) === sameText(answer.text) && AUDIENCES.some((a) => visibleTo(earlier.audience, a) && visibleTo(answer.audience, a)));
    if (first === undefined) continue;
    const what = answer.path === other?.path ? `the '${OTHER_TEXT}' answer that \`other:\` adds` : `'${answer.text}'`;
    refs.report(answer.path, 'duplicate-answer', `${what} reads as the answer on line ${refs.lineOf(first.path)}: customers would see two answers alike; change one text`);
  }
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
