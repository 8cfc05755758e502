import type { Audience, AudienceRule } from './audience';
import type { FieldMessages } from './messages';
import type { PayloadSlot } from './payload';
import type { ProviderLinkName } from './provider';

export type StepId = string;
export type AnswerId = string;

/** The id of the 'Other' answer that choice steps may add after their authored answers. */
export const OTHER_ANSWER_ID = 'other';

/** A JSON Schema object as the compiler emits it (kept structural so the model imports nothing). */
export type JsonSchema = { [keyword: string]: unknown };

/** What a step's RJSF form needs: the schema, the uiSchema, the precompiled validator and the messages. */
export interface StepForm {
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** Key of the precompiled validator module in src/generated/validators (a hash of the schema). */
  validatorId: string;
  messages: FieldMessages;
}

/** A free-text box attached to an answer ('Other', or an answer that needs text) or to a text step. */
export interface TextInput {
  required: boolean;
  label: string;
  placeholder?: string;
  /** Absent where the spec sets no limit. */
  maxLength?: number;
}

/** One radio answer of a choice step, already filtered for the audience. */
export interface ChoiceAnswer {
  id: AnswerId;
  text: string;
  next: StepId;
  isOther: boolean;
  input?: TextInput;
  /** A note with a link to another product page, shown under the answer once it is chosen. */
  tip?: AnswerTip;
}

/** A helpful note under a chosen answer: its text, and a link (`label`) to a page of the provider's `links`. */
export interface AnswerTip {
  text: string;
  link: ProviderLinkName;
  label: string;
}

interface StepBase {
  id: StepId;
  /** The number the step indicator shows (3.5 shows as 3); absent for surveys without an indicator. */
  indicator?: number;
  /** The payload entry this step writes. */
  slot: PayloadSlot;
  /** The page heading; absent where the question itself is the heading. */
  heading?: string;
  /** The English text that names the step on its page, in the page title, the picture and the diff. */
  title: string;
  form: StepForm;
}

/**
 * A question with radio answers. Form data: `{ answer?: AnswerId, details?: { [answerId]: string } }`;
 * the payload comment is `details[answer]`.
 */
export interface ChoiceStep extends StepBase {
  type: 'choice';
  question: string;
  /** `random`: shuffled once per visit, 'Other' always last. */
  order: 'random' | 'fixed';
  /** Authored order, 'Other' last where present. */
  answers: ChoiceAnswer[];
}

/** A question answered with text only (step 3.5). Form data: `{ text?: string }`; it fills its slot's comment. */
export interface TextStep extends StepBase {
  type: 'text';
  question: string;
  input: TextInput;
  next: StepId;
}

/** One field of the closing form. */
export type FormField =
  | { kind: 'name'; id: string; label: string; maxLength: number }
  | { kind: 'email'; id: string; label: string; maxLength: number; readOnly: true }
  | {
      kind: 'comment';
      id: string;
      label: string;
      required: boolean;
      maxLength?: number;
      placeholder?: string;
      /** The payload entry this comment fills (its label is the entry's question). */
      slot: PayloadSlot;
    }
  | {
      kind: 'agreement';
      id: string;
      label: string;
      /** The fact the label agrees to, told: what a policy whose agreement is information shows instead. */
      notice?: string;
    };

/**
 * The closing form (step 4, or the growth-kit form). Form data: one key per field id
 * (strings, and a boolean for the agreement). Submitting it ends the survey.
 */
export interface FormStep extends StepBase {
  type: 'form';
  fields: FormField[];
  submit: string;
}

/** A discount on the current subscription. */
export interface DiscountOffer {
  kind: 'discount';
  percent: number;
  months: number;
}

/** A move to a smaller plan: the plans offered per `product_group`, and their display names. */
export interface DowngradeOffer {
  kind: 'downgrade';
  plans: Record<string, string[]>;
  planNames: Record<string, string>;
}

/** What a retention step offers, and on which toolkits. */
export type RetentionOffer = (DiscountOffer | DowngradeOffer) & {
  /** The toolkits whose pages show the offer (spec §1: seo and all-at-once). */
  toolkits: string[];
};

/**
 * A retention offer between two questions (spec §1, DESIGN §8). It is shown only where it is
 * available (the toolkit offers it and the customer is eligible); otherwise the survey passes
 * straight on to `next`. Declining goes on to `next`; accepting ends the survey without cancelling.
 * Form data: `{ choice: 'accepted' | 'declined', plan?: string }`.
 */
export interface OfferStep {
  type: 'offer';
  id: StepId;
  indicator?: number;
  /** Its texts are ICU messages rendered with the offer's values (`offerValues` in src/engine). */
  heading: string;
  /** The English text that names the step: its heading. */
  title: string;
  body: string;
  accept: string;
  decline: string;
  /** The screen after accepting; `{plan}` in its texts stands for the chosen plan's name. */
  success: { heading: string; body: string };
  offer: RetentionOffer;
  next: StepId;
}

/**
 * A 0–10 (or `min`–`max`) scale answered with one number, shown as radios with a label at each end.
 * Form data: `{ value?: number }`; the payload entry's answer is the number as text. An optional
 * rating left unanswered writes no entry.
 */
export interface RatingStep extends StepBase {
  type: 'rating';
  question: string;
  min: number;
  max: number;
  /** What the lowest and the highest number mean ('Not at all likely', 'Extremely likely'). */
  minLabel: string;
  maxLabel: string;
  required: boolean;
  next: StepId;
}

/** One checkbox of a multi step: like a choice answer, but every answer leads on to the step's `next`. */
export type MultiAnswer = Omit<ChoiceAnswer, 'next' | 'tip'>;

/**
 * A question answered with checkboxes: at least `min` and at most `max` answers, 'Other' last with
 * its text box. Form data: `{ answers?: AnswerId[], details?: { [answerId]: string } }`; the payload
 * entry lists the chosen answers in authored order and its comment is the text of the chosen box.
 */
export interface MultiStep extends StepBase {
  type: 'multi';
  question: string;
  answers: MultiAnswer[];
  min: number;
  /** Absent: as many as there are answers. */
  max?: number;
  next: StepId;
}

export type CompiledStep = ChoiceStep | TextStep | FormStep | OfferStep | RatingStep | MultiStep;

/** The kinds of step, each a module per side in a `kinds/` folder. */
export type StepType = CompiledStep['type'];

/** The compiled step of one kind. */
export type StepOfType<T extends StepType> = Extract<CompiledStep, { type: T }>;

/**
 * Whether `step` is of the kind `type`, narrowing it to that kind's fields: for code that looks at
 * one kind's fields (tests, fixtures), never for behaviour, which each kind's modules own.
 */
export function isStepOfType<T extends StepType>(step: CompiledStep | undefined, type: T): step is StepOfType<T> {
  return step?.type === type;
}

/** The steps that carry an RJSF form: every kind but the offer. */
export type FormBearingStep = Exclude<CompiledStep, OfferStep>;

/** An edge of the branching graph, for pictures, path enumeration and diffs. */
export interface GraphEdge {
  from: StepId;
  to: StepId;
  /** The answer that takes this edge; absent for a step with a single way on. */
  answer?: AnswerId;
  label: string;
}

/** One survey as one audience sees it: only the steps and answers that audience can reach. */
export interface CompiledFlow {
  audience: Audience;
  start: StepId;
  steps: Record<StepId, CompiledStep>;
  /** The step ids in authored order (the steps' own record is key-sorted). */
  order: StepId[];
}

/** One survey file compiled for both audiences. */
export interface CompiledSurvey {
  id: string;
  /** The YAML file it came from, relative to the project root. */
  source: string;
  /**
   * Which version of the survey customers see: a short hash of the compiled survey but its source
   * file's name. Every visit, event and submission records it, so insights never mix two versions.
   */
  version: string;
  /** Total number of steps the indicator shows; absent for a survey without an indicator. */
  indicatorSteps?: number;
  limits: Record<string, number>;
  audiences: Record<Audience, CompiledFlow>;
}

/** Re-exported so consumers of the compiled survey need one import. */
export type { Audience, AudienceRule };
