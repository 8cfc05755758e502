// What changed in the survey between two compiled bundles, as data a product manager reads through
// formatDiff. Every change says which audiences it concerns (both, or one), in AUDIENCES order.
import type { AnswerId, Audience, CompiledStep, StepId } from '../../src/model';

/** A step that appeared, disappeared, or whose question or heading was reworded. */
export type StepChange =
  | { change: 'added' | 'removed'; step: StepId; type: CompiledStep['type']; text: string; audiences: Audience[] }
  | { change: 'reworded'; step: StepId; part: 'question' | 'heading'; before?: string; after?: string; audiences: Audience[] };

/** An answer of a step that stayed, added, removed or reworded. */
export type AnswerChange =
  | { change: 'added' | 'removed'; step: StepId; answer: AnswerId; text: string; next: StepId; audiences: Audience[] }
  | { change: 'reworded'; step: StepId; answer: AnswerId; before: string; after: string; audiences: Audience[] };

/** Where an answer (or a step with one way on, which has no answer) now leads. */
export interface NextChange {
  step: StepId;
  answer?: AnswerId;
  before: StepId;
  after: StepId;
  audiences: Audience[];
}

/** A step whose answers are shown in another order (those on both sides; added and removed ones are AnswerChanges). */
export interface OrderChange {
  step: StepId;
  before: AnswerId[];
  after: AnswerId[];
  audiences: Audience[];
}

/**
 * A line of a step's small print, as the flow picture writes it under the step (an offer's terms and
 * pages, a button, a random order), that appeared, went or changed.
 */
export interface DetailChange {
  step: StepId;
  before?: string;
  after?: string;
  audiences: Audience[];
}

/** A field of a closing form, added, removed or relabelled. */
export type FieldChange =
  | { change: 'added' | 'removed'; step: StepId; field: string; label: string; audiences: Audience[] }
  | { change: 'relabelled'; step: StepId; field: string; before: string; after: string; audiences: Audience[] };

/** A named limit (most characters of a text box) added, removed or changed. */
export interface LimitChange {
  limit: string;
  before?: number;
  after?: number;
}

/** The paths (see formatPath) of one audience that appeared or disappeared, and how many there are. */
export interface PathChange {
  audience: Audience;
  appeared: string[];
  disappeared: string[];
  before: number;
  after: number;
}

/** Everything that changed in one survey present on both sides. */
export interface SurveyFlowDiff {
  survey: string;
  steps: StepChange[];
  answers: AnswerChange[];
  next: NextChange[];
  order: OrderChange[];
  details: DetailChange[];
  fields: FieldChange[];
  limits: LimitChange[];
  paths: PathChange[];
}

/** A survey that exists on one side only. */
export interface SurveySummary {
  survey: string;
  steps: StepId[];
}

/** One setting of a toolkit page that changed; absent values are written as undefined. */
export interface BindingFieldChange {
  field: string;
  before?: string;
  after?: string;
}

/** A toolkit page (/cancel/{route}) added, removed or changed. */
export type RouteChange =
  | { change: 'added' | 'removed'; route: string; toolkit: string; survey: string }
  | { change: 'changed'; route: string; fields: BindingFieldChange[] };

/** A redirect between pages added, removed or pointed elsewhere. */
export type RedirectChange =
  | { change: 'added' | 'removed'; from: string; to: string }
  | { change: 'changed'; from: string; before: string; after: string };

/** Survey texts that had a translation (or did not exist) and now have none, per language with a catalog. */
export interface TranslationsDiff {
  missing: { language: string; texts: string[] }[];
  /** Languages whose catalog was read. */
  checked: string[];
  /** Languages without a catalog file: not checked. */
  skipped: string[];
}

/** The change from one compiled bundle to another. */
export interface SurveyDiff {
  surveysAdded: SurveySummary[];
  surveysRemoved: SurveySummary[];
  surveys: SurveyFlowDiff[];
  routes: RouteChange[];
  redirects: RedirectChange[];
  /** Filled by the CLI, which reads the catalogs; diffBundles knows no catalogs. */
  translations?: TranslationsDiff;
}
