import type { AnswerTip, AudienceRule, PayloadSlot } from '../../src/model';
import type { YamlPath } from './load-yaml';

/**
 * A survey file read leniently: whatever is well-formed is kept, with the YAML path of each part,
 * so the graph checks still run (and point at the right place) when the schema check found problems.
 * The compiler reads the same structure, but only once the file has no problems at all.
 */
export interface SurveyDef {
  id?: Named;
  start?: Named;
  indicatorSteps?: number;
  limits: LimitDef[];
  steps: StepDef[];
  /**
   * The ids of the step blocks left out of `steps` for a `type` that names no kind of step (the schema
   * check reports it): a `next` to one of them is no second mistake.
   */
  unreadSteps: Named[];
}

/** A name written in the file (an id, or a reference to a step or a limit) and where it is written. */
export interface Named {
  name: string;
  path: YamlPath;
}

export interface LimitDef {
  name: string;
  value: unknown;
  path: YamlPath;
}

export interface TextBoxDef {
  label: string;
  placeholder?: string;
  limit?: Named;
}

export interface AnswerDef {
  id: Named;
  text: string;
  next?: Named;
  audience: AudienceRule;
  input?: TextBoxDef;
  tip?: AnswerTip;
}

export interface OtherDef extends TextBoxDef {
  next?: Named;
  path: YamlPath;
}

/** What every step block has, read before its kind reads the rest. */
export interface StepDefBase {
  id: Named;
  /** Path of the step's block in the file. */
  path: YamlPath;
  audience: AudienceRule;
  indicator?: number;
  slot: PayloadSlot;
  heading?: string;
}

export type FieldKind = 'name' | 'email' | 'comment' | 'agreement';

export interface FieldDef {
  id: Named;
  kind: FieldKind;
  label: string;
  audience: AudienceRule;
  required: boolean;
  placeholder?: string;
  /** An agreement's text as a notice, for a policy that informs instead of asking. */
  notice?: string;
  limit?: Named;
  slot?: PayloadSlot;
}

/**
 * The authored step of each kind, by its `type`. Each kind's module (./kinds/) adds its own with
 * `declare module '../survey-def'`, so the kinds are listed nowhere but in their modules.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StepDefByType {}

export type StepDef = StepDefByType[keyof StepDefByType];

/** The authored step of one kind. */
export type StepDefOfType<T extends keyof StepDefByType> = StepDefByType[T];

/** The text of the 'Other' answer every `other:` block adds. */
export const OTHER_TEXT = 'Other';

/** One way from a step to the next, as authored. */
export interface EdgeDef {
  from: StepDef;
  /** The `next` reference; undefined where it is missing (the schema check reports that). */
  to: Named | undefined;
  /** The answer that takes this edge; undefined for a step's single way on. */
  answer?: string;
  label: string;
  audience: AudienceRule;
}

/** A step, or a comment field of a form, that writes a payload slot. */
export interface Filler {
  slot: PayloadSlot;
  /** A choice's entry may take one text step after it (3.5 becomes step 3's comment); nothing else may follow. */
  kind: 'choice' | 'text' | 'comment';
  /** Where the slot is named, or where the field is when it takes its step's slot. */
  path: YamlPath;
  what: string;
}

/** The names of the `limits` the file declares. */
export function limitNames(def: SurveyDef): Set<string> {
  return new Set(def.limits.map((limit) => limit.name));
}

/** True when the rule lets `audience` see the answer, field or step. */
export function visibleTo(rule: AudienceRule, audience: string): boolean {
  return rule === 'all' || rule === audience;
}
