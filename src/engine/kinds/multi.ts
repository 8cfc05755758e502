import { OTHER_ANSWER_ID, type MultiAnswer, type MultiStep, type AnswerId } from '../../model';
import { SurveyTransitionError } from '../state';
import { trimmed, withOnwardTo, type Branch, type EngineKind } from './kind';

/** The answers ticked on a multi step, and the text of any answer's box. */
export interface MultiData {
  answers?: AnswerId[];
  details?: Record<AnswerId, string>;
}

declare module '../state' {
  interface StepDataByType {
    multi: MultiData;
  }
}

/** The multi step's own validation messages, beside spec §5's: English ICU texts, by key. */
const MULTI_MESSAGES = {
  chooseAtLeast: 'Please choose at least {count, plural, one {# option} other {# options}}.',
  chooseAtMost: 'Please choose at most {count, plural, one {# option} other {# options}}.',
} as const;

declare module '../../model/messages' {
  interface KindMessageTexts {
    chooseAtLeast: string;
    chooseAtMost: string;
  }
}

const onward = (step: MultiStep): Branch => ({ label: '', outcome: { to: step.next } });

/** The ticked answers in authored order; throws on an id the step does not have. */
function ticked(step: MultiStep, data: unknown): MultiAnswer[] {
  const ids = (data as MultiData).answers ?? [];
  const unknown = ids.find((id) => !step.answers.some((a) => a.id === id));
  if (unknown !== undefined) throw new SurveyTransitionError(`'${unknown}' is not an answer of step '${step.id}'`);
  return step.answers.filter((a) => ids.includes(a.id));
}

/** What a sample customer ticks: the first `min` answers (at least one), and 'Other' where the step allows one more. */
function sampleAnswers(step: MultiStep): string[] {
  const authored = step.answers.filter((a) => !a.isOther).map((a) => a.id);
  const picked = authored.slice(0, Math.max(step.min, 1));
  const room = (step.max ?? step.answers.length) > picked.length;
  return step.answers.some((a) => a.isOther) && room ? [...picked, OTHER_ANSWER_ID] : picked;
}

/**
 * A question answered with checkboxes: every choice leads on to the step's `next`. The payload
 * entry lists the ticked answers in authored order; its comment is the text of the 'Other' box.
 */
export const multiKind: EngineKind<'multi'> = {
  noun: 'checkbox question',
  branches: (step) => [onward(step)],
  branchOf(step, data) {
    ticked(step, data);
    return onward(step);
  },
  moveOf: (step, data) => ({ step: step.id, answers: ticked(step, data).map((a) => a.id) }),
  sampleData(step, move, fill) {
    const answers = move.answers ?? sampleAnswers(step);
    const details: Record<string, string> = {};
    for (const answer of step.answers) if (answer.input && answers.includes(answer.id)) details[answer.id] = fill.box(answer.input, answer.id);
    return { answers, details };
  },
  writePayload(step, data, draft) {
    const answers = ticked(step, data);
    if (answers.length === 0) return;
    const boxed = answers.find((a) => a.input !== undefined);
    const comment = boxed ? trimmed((data as MultiData).details?.[boxed.id]) : '';
    draft.entries[step.slot] = draft.entry(step.question, answers.map((a) => a.text), comment);
  },
  enteredTexts: (_step, data) => Object.values((data as MultiData).details ?? {}),
  dataFromPayload(step, move, payload) {
    const answers = move.answers ?? [];
    const boxed = step.answers.find((a) => a.input !== undefined && answers.includes(a.id));
    return boxed ? { answers, details: { [boxed.id]: payload.survey[step.slot]?.comment ?? '' } } : { answers };
  },
  moveLabel(step, move) {
    const texts = step.answers.filter((a) => (move.answers ?? []).includes(a.id)).map((a) => a.text);
    return texts.length > 0 ? texts.join(' + ') : undefined;
  },
  questions: (step) => [[step.slot, step.question]],
  answersProblem(step, entry) {
    const index = entry.answers.findIndex((text) => !step.answers.some((a) => a.text === text));
    return index < 0 ? undefined : `answers[${index}]: is not an answer to '${step.question}'`;
  },
  payloadField: (step, field) => (field.startsWith('details') ? `survey.${step.slot}.comment` : `survey.${step.slot}.answers`),
  answers: (step) => step.answers,
  redirected: withOnwardTo,
  messages: MULTI_MESSAGES,
};
