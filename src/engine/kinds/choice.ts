import type { AnswerId, ChoiceAnswer, ChoiceStep } from '../../model';
import { SurveyTransitionError } from '../state';
import { trimmed, type Branch, type EngineKind } from './kind';

/** What the customer entered on a choice step: the chosen answer and the text of any answer's box. */
export interface ChoiceData {
  answer?: AnswerId;
  details?: Record<AnswerId, string>;
}

declare module '../state' {
  interface StepDataByType {
    choice: ChoiceData;
  }
}

const branchOf = (answer: ChoiceAnswer): Branch => ({ answer: answer.id, label: answer.text, outcome: { to: answer.next } });

function chosen(step: ChoiceStep, id: unknown): ChoiceAnswer {
  const answer = step.answers.find((a) => a.id === id);
  if (!answer) throw new SurveyTransitionError(`'${String(id)}' is not an answer of step '${step.id}'`);
  return answer;
}

/** A question with radio answers, each leading where its `next` says (spec steps 1 to 3). */
export const choiceKind: EngineKind<'choice'> = {
  noun: 'question',
  branches: (step) => step.answers.map(branchOf),
  branchOf: (step, data) => branchOf(chosen(step, (data as ChoiceData).answer)),
  moveOf: (step, data) => ({ step: step.id, answer: (data as ChoiceData).answer }),
  sampleData(step, move, fill) {
    const answer = chosen(step, move.answer);
    return answer.input ? { answer: answer.id, details: { [answer.id]: fill.box(answer.input, answer.id) } } : { answer: answer.id };
  },
  writePayload(step, data, draft) {
    const answer = chosen(step, (data as ChoiceData).answer);
    const comment = answer.input ? trimmed((data as ChoiceData).details?.[answer.id]) : '';
    draft.entries[step.slot] = draft.entry(step.question, [answer.text], comment);
  },
  enteredTexts: (_step, data) => Object.values((data as ChoiceData).details ?? {}),
  dataFromPayload(step, move, payload) {
    const comment = payload.survey[step.slot]?.comment ?? '';
    const answer = step.answers.find((a) => a.id === move.answer);
    return answer?.input ? { answer: move.answer, details: { [answer.id]: comment } } : { answer: move.answer };
  },
  moveLabel: (step, move) => step.answers.find((a) => a.id === move.answer)?.text,
  questions: (step) => [[step.slot, step.question]],
  answersProblem(step, entry) {
    if (entry.answers.length !== 1) return 'answers: must hold exactly one answer';
    return step.answers.some((a) => a.text === entry.answers[0]) ? undefined : `answers[0]: is not an answer to '${step.question}'`;
  },
  payloadField: (step, field) => (field.startsWith('details') ? `survey.${step.slot}.comment` : `path: the answer of '${step.id}'`),
  answers: (step) => step.answers,
  shuffles: (step) => step.order === 'random',
  inFixedOrder(step, order) {
    const rank = (answer: ChoiceAnswer): number => (answer.isOther ? Infinity : order.includes(answer.id) ? order.indexOf(answer.id) : order.length);
    // Array.prototype.sort is stable, so answers `order` leaves out keep their authored order.
    return { ...step, order: 'fixed', answers: [...step.answers].sort((a, b) => rank(a) - rank(b)) };
  },
  redirected: (step, answer, to) => ({ ...step, answers: step.answers.map((a) => (a.id === answer ? { ...a, next: to } : a)) }),
};
