import { AUDIENCES } from '../../../src/model';
import { tickableAnswers } from '../payload-caps-check';
import type { ChoiceAnswer, FieldMessages, JsonSchema, MultiAnswer, StepForm } from '../../../src/model';
import { maxLength, NOT_BLANK, stepForm, within } from '../compile-step-schema';
import { checked, named, text } from '../read-helpers';
import { integer } from '../read-parts';
import type { AnswerDef, Named, OtherDef, StepDefBase } from '../survey-def';
import { visibleTo } from '../survey-def';
import { answerTexts, checkAnswers, compileAnswers, readAnswers } from './answers';
import { compiledQuestion, noAnswersFor } from './base';
import type { CompilerKind, ReferenceContext } from './kind';
import { headingRows, type NodeRow } from './picture';

/**
 * The form of a multi step: `answers`, the ticked answer ids (between `min` and `max` of them), and
 * `details.<id>` the text of a ticked answer's box, required and non-blank like a choice's.
 */
function multiStepForm(answers: readonly MultiAnswer[], min: number, max: number | undefined): StepForm {
  const boxed = answers.filter((answer) => answer.input !== undefined);
  const list: JsonSchema = {
    type: 'array',
    uniqueItems: true,
    items: { type: 'string', enum: answers.map((answer) => answer.id) },
    ...(min > 0 ? { minItems: min } : {}),
    ...(max !== undefined ? { maxItems: max } : {}),
  };
  const schema: JsonSchema = {
    type: 'object',
    required: min > 0 ? ['answers'] : [],
    properties: {
      answers: list,
      details: { type: 'object', properties: Object.fromEntries(boxed.map((answer) => [answer.id, { type: 'string' }])), additionalProperties: false },
    },
  };
  if (boxed.length > 0) {
    schema.allOf = boxed.map(({ id, input }) => ({
      if: { properties: { answers: { contains: { const: id } } }, required: ['answers'] },
      then: {
        required: ['details'],
        properties: { details: { required: [id], properties: { [id]: { type: 'string', pattern: NOT_BLANK, ...maxLength(input?.maxLength) } } } },
      },
    }));
  }
  const choose = { key: 'chooseOption' } as const;
  const messages: FieldMessages = {
    answers: {
      required: choose,
      enum: choose,
      minItems: min > 1 ? { key: 'chooseAtLeast', count: min } : choose,
      ...(max !== undefined ? { maxItems: { key: 'chooseAtMost', count: max } } : {}),
    },
  };
  for (const { id, input } of boxed) {
    messages[`details.${id}`] = { required: { key: 'fillField' }, pattern: { key: 'fillField' }, ...within('commentWithin', input?.maxLength) };
  }
  if (boxed.length > 0) messages.details = { required: { key: 'fillField' } };
  return stepForm(schema, { 'ui:field': 'MultiStepField' }, messages);
}

/**
 * `min` against the answers the step has, then against those each audience sees (answers with `audience:`
 * are left out of the other's flow); an audience that sees no answer is `empty-step` instead.
 */
function checkMin(step: MultiStepDef, refs: ReferenceContext): void {
  const other = step.other ? 1 : 0;
  const count = step.answers.length + other;
  if (step.min > count) {
    refs.report([...step.path, 'min'], 'invalid-value', `min (${step.min}) is more than the ${count} answers of the step`);
    return;
  }
  for (const audience of AUDIENCES) {
    const seen = step.answers.filter((answer) => visibleTo(answer.audience, audience)).length;
    if (!visibleTo(step.audience, audience) || seen === 0 || step.min <= seen + other) continue;
    refs.report([...step.path, 'min'], 'invalid-value', `min (${step.min}) is more than the ${seen + other} answers ${audience} users see on this step`);
  }
}

const withoutNext = ({ next: _next, tip: _tip, ...answer }: ChoiceAnswer): MultiAnswer => answer;

/** Checkboxes: at least `min`, at most `max` answers, an optional 'Other' with its box; one way on. */
export interface MultiStepDef extends StepDefBase {
  type: 'multi';
  question: string;
  answers: AnswerDef[];
  other?: OtherDef;
  min: number;
  max?: number;
  next?: Named;
}

declare module '../survey-def' {
  interface StepDefByType {
    multi: MultiStepDef;
  }
}

/** A question answered with checkboxes, 'Other' with its box last; every answer leads on to `next`. */
export const multiKind: CompilerKind<'multi'> = {
  read: (block, base) => ({
    ...base,
    type: 'multi',
    question: text(block.question) ?? '',
    ...readAnswers(block, base.path),
    min: integer(block.min) ?? 1,
    max: integer(block.max),
    next: named(block, 'next', base.path),
  }),
  edges: (step) => [{ from: step, to: step.next, label: '', audience: 'all' }],
  checkReferences(step, refs) {
    checkAnswers(step.answers, step.other, refs);
    if (step.max !== undefined && step.max < step.min) refs.report([...step.path, 'max'], 'invalid-value', `max (${step.max}) must not be less than min (${step.min})`);
    checkMin(step, refs);
    tickableAnswers(step, refs.report);
  },
  emptyFor: noAnswersFor,
  fillers: (step) => [{ slot: step.slot, kind: 'choice', path: [...step.path, 'slot'], what: `step '${step.id.name}'` }],
  compile(step, context) {
    const next = checked(step.next, 'next').name;
    const answers = compileAnswers(step.answers, step.other, context, next).map(withoutNext);
    return {
      type: 'multi',
      ...compiledQuestion(step),
      answers,
      min: step.min,
      max: step.max,
      next,
      form: multiStepForm(answers, step.min, step.max),
    };
  },
  texts: (step) => [step.heading, step.question, ...answerTexts(step.answers)],
  picture: {
    type: 'multi',
    name: 'multi: a question answered with checkboxes',
    shape: 'tab',
    style: 'rounded,filled',
    fill: '#f2f0fa',
    border: '#5a4f9f',
    rows: (step) => [
      ...headingRows(step.heading),
      { kind: 'title', text: step.question },
      ...step.answers.map((answer): NodeRow => ({ kind: 'item', text: answer.text, bullet: '☐' })),
      { kind: 'detail', text: `choose ${step.min}${step.max === undefined ? ' or more' : ` to ${step.max}`}` },
    ],
  },
};
