import type { TextStep } from '../../model';
import { trimmed, withOnwardTo, type Branch, type EngineKind } from './kind';

/** What the customer entered on a text step (3.5). */
export interface TextData {
  text?: string;
}

declare module '../state' {
  interface StepDataByType {
    text: TextData;
  }
}

const onward = (step: TextStep): Branch => ({ label: '', outcome: { to: step.next } });

/**
 * A question answered with text only (step 3.5). After a choice of the same slot its text becomes
 * that choice's comment; on its own it writes an entry with no answers.
 */
export const textKind: EngineKind<'text'> = {
  noun: 'text question',
  branches: (step) => [onward(step)],
  branchOf: (step) => onward(step),
  moveOf: (step) => ({ step: step.id }),
  sampleData: (step, _move, fill) => ({ text: fill.box(step.input) }),
  writePayload(step, data, draft) {
    const comment = trimmed((data as TextData).text);
    const existing = draft.entries[step.slot];
    draft.entries[step.slot] = existing ? { ...existing, comment } : draft.entry(step.question, [], comment);
  },
  enteredTexts: (_step, data) => [(data as TextData).text ?? ''],
  dataFromPayload: (step, _move, payload) => ({ text: payload.survey[step.slot]?.comment ?? '' }),
  questions: (step) => [[step.slot, step.question]],
  payloadField: (step) => `survey.${step.slot}.comment`,
  redirected: withOnwardTo,
};
