import { textStepForm } from '../compile-step-schema';
import { named, checked, text } from '../read-helpers';
import { readTextBox } from '../read-parts';
import type { Named, StepDefBase, TextBoxDef } from '../survey-def';
import { boxTexts } from './answers';
import { compiledQuestion } from './base';
import type { CompilerKind } from './kind';
import { headingRows, upTo } from './picture';

export interface TextStepDef extends StepDefBase {
  type: 'text';
  question: string;
  input: TextBoxDef;
  next?: Named;
}

declare module '../survey-def' {
  interface StepDefByType {
    text: TextStepDef;
  }
}

/** A question answered with text only (step 3.5); one way on. */
export const textKind: CompilerKind<'text'> = {
  read: (block, base) => ({
    ...base,
    type: 'text',
    question: text(block.question) ?? '',
    input: readTextBox(block.input, [...base.path, 'input']) ?? { label: '' },
    next: named(block, 'next', base.path),
  }),
  // One way on, so the edge carries no answer and no label.
  edges: (step) => [{ from: step, to: step.next, label: '', audience: 'all' }],
  checkReferences: (step, refs) => refs.checkLimit(step.input.limit),
  fillers: (step) => [{ slot: step.slot, kind: 'text', path: [...step.path, 'slot'], what: `step '${step.id.name}'` }],
  compile(step, context) {
    const input = context.input(step.input);
    return {
      type: 'text',
      ...compiledQuestion(step),
      input,
      next: checked(step.next, 'next').name,
      form: textStepForm(input),
    };
  },
  texts: (step) => [step.heading, step.question, ...boxTexts(step.input)],
  picture: {
    type: 'text',
    name: 'text: a question answered in a text box',
    shape: 'note',
    style: 'filled',
    fill: '#fff6dc',
    border: '#a07a00',
    rows: (step) => [
      ...headingRows(step.heading),
      { kind: 'title', text: step.question },
      { kind: 'detail', text: `text box: ${step.input.label}${upTo(step.input.maxLength)}` },
    ],
  },
};
