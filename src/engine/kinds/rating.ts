import type { RatingStep } from '../../model';
import { withOnwardTo, type Branch, type EngineKind } from './kind';

/** The number chosen on a rating step. */
export interface RatingData {
  value?: number;
}

declare module '../state' {
  interface StepDataByType {
    rating: RatingData;
  }
}

const onward = (step: RatingStep): Branch => ({ label: '', outcome: { to: step.next } });

const valueOf = (data: unknown): number | undefined => {
  const value = (data as RatingData).value;
  return typeof value === 'number' ? value : undefined;
};

/**
 * A scale from `min` to `max` ('How likely are you to come back?'). Every number leads on to the
 * step's `next`; the payload entry's answer is the number as text, and an optional rating left
 * unanswered writes no entry.
 */
export const ratingKind: EngineKind<'rating'> = {
  noun: 'rating',
  branches: (step) => [onward(step)],
  branchOf: (step) => onward(step),
  moveOf(step, data) {
    const value = valueOf(data);
    return value === undefined ? { step: step.id } : { step: step.id, answer: String(value) };
  },
  sampleData: (step, move) => ({ value: move.answer === undefined ? step.max : Number(move.answer) }),
  writePayload(step, data, draft) {
    const value = valueOf(data);
    if (value !== undefined) draft.entries[step.slot] = draft.entry(step.question, [String(value)], '');
  },
  enteredTexts: () => [],
  dataFromPayload: (_step, move) => (move.answer === undefined ? {} : { value: Number(move.answer) }),
  moveLabel: (_step, move) => move.answer,
  scale: (step) => Array.from({ length: step.max - step.min + 1 }, (_, index) => String(step.min + index)),
  questions: (step) => [[step.slot, step.question]],
  answersProblem(step, entry) {
    const [text] = entry.answers;
    const value = Number(text);
    const fits = entry.answers.length === 1 && Number.isInteger(value) && String(value) === text && value >= step.min && value <= step.max;
    return fits ? undefined : `answers: must hold one number from ${step.min} to ${step.max}`;
  },
  payloadField: (step) => `survey.${step.slot}.answers`,
  redirected: withOnwardTo,
};
