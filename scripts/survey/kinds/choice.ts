import { OTHER_ANSWER_ID } from '../../../src/model';
import { choiceStepForm } from '../compile-step-schema';
import { text } from '../read-helpers';
import type { AnswerDef, EdgeDef, OtherDef, StepDefBase } from '../survey-def';
import { OTHER_TEXT } from '../survey-def';
import { compiledQuestion, noAnswersFor } from './base';
import { answerTexts, checkAnswers, compileAnswers, readAnswers } from './answers';
import type { CompilerKind } from './kind';
import { headingRows } from './picture';

export interface ChoiceStepDef extends StepDefBase {
  type: 'choice';
  question: string;
  order: 'random' | 'fixed';
  answers: AnswerDef[];
  other?: OtherDef;
}

declare module '../survey-def' {
  interface StepDefByType {
    choice: ChoiceStepDef;
  }
}

/** A question with radio answers; each answer's `next` is a skip rule. */
export const choiceKind: CompilerKind<'choice'> = {
  read: (block, base) => ({
    ...base,
    type: 'choice',
    question: text(block.question) ?? '',
    order: block.order === 'random' ? 'random' : 'fixed',
    ...readAnswers(block, base.path),
  }),
  edges(step) {
    const edges: EdgeDef[] = step.answers.map((answer) => ({ from: step, to: answer.next, answer: answer.id.name, label: answer.text, audience: answer.audience }));
    if (step.other) edges.push({ from: step, to: step.other.next, answer: OTHER_ANSWER_ID, label: OTHER_TEXT, audience: 'all' });
    return edges;
  },
  checkReferences: (step, refs) => checkAnswers(step.answers, step.other, refs),
  emptyFor: noAnswersFor,
  fillers: (step) => [{ slot: step.slot, kind: 'choice', path: [...step.path, 'slot'], what: `step '${step.id.name}'` }],
  compile(step, context) {
    const answers = compileAnswers(step.answers, step.other, context);
    return {
      type: 'choice',
      ...compiledQuestion(step),
      order: step.order,
      answers,
      form: choiceStepForm(answers),
    };
  },
  texts: (step) => [step.heading, step.question, ...answerTexts(step.answers)],
  picture: {
    type: 'choice',
    name: 'choice: a question with answers',
    shape: 'box',
    style: 'rounded,filled',
    fill: '#eef3fa',
    border: '#4f6f9f',
    rows: (step) => [
      ...headingRows(step.heading),
      { kind: 'title', text: step.question },
      ...(step.order === 'random' ? [{ kind: 'detail' as const, text: 'answers shown in random order, Other last' }] : []),
    ],
  },
};
