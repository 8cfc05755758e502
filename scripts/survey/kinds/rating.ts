import type { FieldMessages, JsonSchema, StepForm } from '../../../src/model';
import { stepForm } from '../compile-step-schema';
import { checked, named, text } from '../read-helpers';
import { integer } from '../read-parts';
import type { Named, StepDefBase } from '../survey-def';
import { compiledQuestion } from './base';
import type { CompilerKind } from './kind';
import { headingRows } from './picture';

/** The form of a rating: `value`, a whole number from `min` to `max`, required where the step says so. */
function ratingStepForm(min: number, max: number, required: boolean): StepForm {
  const schema: JsonSchema = {
    type: 'object',
    required: required ? ['value'] : [],
    properties: { value: { type: 'integer', minimum: min, maximum: max } },
  };
  const choose = { key: 'chooseOption' } as const;
  const messages: FieldMessages = { value: { required: choose, type: choose, minimum: choose, maximum: choose } };
  return stepForm(schema, { 'ui:field': 'RatingStepField' }, messages);
}

/** A scale from `min` to `max` with a label at each end. */
export interface RatingStepDef extends StepDefBase {
  type: 'rating';
  question: string;
  min: number;
  max: number;
  minLabel: string;
  maxLabel: string;
  required: boolean;
  next?: Named;
}

declare module '../survey-def' {
  interface StepDefByType {
    rating: RatingStepDef;
  }
}

/** A scale from `min` (0) to `max` (10) answered with one number; one way on. */
export const ratingKind: CompilerKind<'rating'> = {
  read: (block, base) => ({
    ...base,
    type: 'rating',
    question: text(block.question) ?? '',
    min: integer(block.min) ?? 0,
    max: integer(block.max) ?? 10,
    minLabel: text(block.minLabel) ?? '',
    maxLabel: text(block.maxLabel) ?? '',
    required: block.required === true,
    next: named(block, 'next', base.path),
  }),
  edges: (step) => [{ from: step, to: step.next, label: '', audience: 'all' }],
  checkReferences(step, refs) {
    if (step.max <= step.min) refs.report([...step.path, 'max'], 'invalid-value', `max (${step.max}) must be more than min (${step.min})`);
  },
  fillers: (step) => [{ slot: step.slot, kind: 'choice', path: [...step.path, 'slot'], what: `step '${step.id.name}'` }],
  compile: (step) => ({
    type: 'rating',
    ...compiledQuestion(step),
    min: step.min,
    max: step.max,
    minLabel: step.minLabel,
    maxLabel: step.maxLabel,
    required: step.required,
    next: checked(step.next, 'next').name,
    form: ratingStepForm(step.min, step.max, step.required),
  }),
  texts: (step) => [step.heading, step.question, step.minLabel, step.maxLabel],
  picture: {
    type: 'rating',
    name: 'rating: a question answered on a scale',
    shape: 'hexagon',
    style: 'rounded,filled',
    fill: '#eaf6f6',
    border: '#2f7a7a',
    rows: (step) => [
      ...headingRows(step.heading),
      { kind: 'title', text: step.question },
      { kind: 'detail', text: `${step.min} (${step.minLabel}) to ${step.max} (${step.maxLabel}), ${step.required ? 'required' : 'optional'}` },
    ],
  },
};
