// What every kind of step tells the engine. Each kind is one module of this folder; the table in
// ./kinds.generated.ts ties them, and nothing outside a kinds/ folder branches on a step's type.
import type { AnswerId, MessageKey, PathMove, PayloadSlot, QuestionEntry, RetentionRecord, StepId, StepOfType, StepType, SurveyPayload, TextInput, User } from '../../model';
import type { StepData, StepDataByType } from '../state';

export type { PathMove } from '../../model';

/** Where a branch leads: on to a step, or to the end of the survey. */
export type Outcome = { to: StepId } | { end: 'complete' | 'retained' };

/** One way out of a step: the answer that takes it (absent: the step's one way on), its label, and where it leads. */
export interface Branch {
  answer?: AnswerId;
  label: string;
  outcome: Outcome;
}

/** What a sample customer enters, for the tests and the preview. */
export interface SampleFill {
  /** The text typed into a required box: under the answer `answer`, or on a text step (no answer). */
  box(input: TextInput, answer?: AnswerId): string;
  /** The closing form's name. */
  name: string;
  /** The closing form's email, where the sample fills it (the app prefills the user's). */
  email?: string;
  /** The text of a closing form's comment box. */
  comment(box: { maxLength?: number }): string;
}

/** The payload under construction, as buildPayload() hands it from step to step. */
export interface PayloadDraft {
  entries: Partial<Record<PayloadSlot, QuestionEntry>>;
  retention: RetentionRecord[];
  name: string;
  acceptedTerms: boolean;
  /** An entry with the translated texts beside the English ones. */
  entry(question: string, answers: string[], comment: string): QuestionEntry;
  /** The user's product group: a declined downgrade records the plans it showed them. */
  productGroup: string;
}

/** The engine's side of one kind of step. */
export interface EngineKind<T extends StepType> {
  /** What a step of this kind is called on the development pages ('checkbox question'). */
  noun: string;
  /** Every way out of the step, in authored order. */
  branches(step: StepOfType<T>): Branch[];
  /** The branch the data takes; throws SurveyTransitionError when it takes none. */
  branchOf(step: StepOfType<T>, data: StepData): Branch;
  /** The move the data makes, as the payload's path records it. */
  moveOf(step: StepOfType<T>, data: StepData): PathMove;
  /** Data a customer would enter to take `move`. */
  sampleData(step: StepOfType<T>, move: PathMove, fill: SampleFill): StepDataByType[T];
  /** Adds what the step contributes to the payload. */
  writePayload(step: StepOfType<T>, data: StepData, draft: PayloadDraft): void;
  /** Everything the customer typed on the step (error reports must never carry it). */
  enteredTexts(step: StepOfType<T>, data: StepData): string[];
  /** The step's data as a submitted payload states it, for the server's replay of `move`. */
  dataFromPayload(step: StepOfType<T>, move: PathMove, payload: SurveyPayload): StepData;
  /** What was chosen in `move`, as the English text a path line shows (several answers joined by ' + '); none for a step without answers. */
  moveLabel?(step: StepOfType<T>, move: PathMove): string | undefined;
  /** The question each slot the step may write is asked with: what the payload's entry of that slot must quote. */
  questions(step: StepOfType<T>): [PayloadSlot, string][];
  /**
   * What is wrong with the answers of the step's payload entry, whatever the path: too many, or a text
   * the question does not have (`answers[0]: is not an answer to '…'`); undefined when they may stand.
   */
  answersProblem?(step: StepOfType<T>, entry: QuestionEntry): string | undefined;
  /** The payload field that holds a field of the step's form data (`details.other` → `survey.first_question.comment`). */
  payloadField(step: StepOfType<T>, field: string): string;
  /** The answers whose order is chosen once per visit ('Other' stays last), where the step has answers. */
  answers?(step: StepOfType<T>): readonly { id: AnswerId; isOther: boolean }[];
  /** The answers a move on the step may name besides its answers' and branches' ids: a rating's numbers, as the path writes them. */
  scale?(step: StepOfType<T>): string[];
  /** Whether the step's answers are shuffled once per visit. */
  shuffles?(step: StepOfType<T>): boolean;
  /**
   * The step with its answers shown in `order` on every visit, 'Other' last (an experiment's answer
   * order); answers `order` leaves out follow the listed ones. Only kinds whose answers have an order.
   */
  inFixedOrder?(step: StepOfType<T>, order: readonly AnswerId[]): StepOfType<T>;
  /**
   * The step with its branch `answer` (undefined: its one way on) leading to `to` instead (an
   * experiment moving an offer). A branch the step does not have, or one that ends the survey, stays.
   */
  redirected(step: StepOfType<T>, answer: AnswerId | undefined, to: StepId): StepOfType<T>;
  /** The values the step's texts are rendered with (ICU arguments, e.g. a discount's `{months}`); none for most kinds. */
  textValues?(step: StepOfType<T>): Record<string, string | number | undefined>;
  /** What the step shows when it opens: `saved` (what was entered before) with the user's own details filled in. */
  prefill?(step: StepOfType<T>, saved: StepData | undefined, user: Pick<User, 'name' | 'email'>): StepDataByType[T];
  /**
   * Where the survey goes instead when the step may not be shown to this customer (an offer they
   * are not eligible for). Only kinds shown on condition have it; the others are always shown.
   */
  passedBy?(step: StepOfType<T>): StepId;
  /** Its own validation messages beside spec §5's, by key: their English ICU texts (its renderer module translates them). */
  messages?: { [K in MessageKey]?: string };
}

/** `redirected` of a step with one way on, its `next`: the way with no answer. */
export const withOnwardTo = <S extends { next: StepId }>(step: S, answer: AnswerId | undefined, to: StepId): S => (answer === undefined ? { ...step, next: to } : step);

/** A text as the payload holds it: trimmed, empty when absent. */
export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
