// What every registry component of a step form reads from RJSF's formContext.
import type { Registry } from '@rjsf/utils';
import type { ChoiceAnswer, FormBearingStep, FormField, ProviderLinks } from '../model';

/** Where the customer is: step `current` of `total`, in the cancellation of `subject` (e.g. 'SEO Toolkit'). */
export interface StepIndicator {
  current: number;
  total: number;
  /** The subscription being cancelled, in the customer's language (spec §2: the page's app name). */
  subject?: string;
}

export interface StepFormContext {
  step: FormBearingStep;
  /** The choice step's answers in this visit's order ('Other' last); empty for other steps. */
  answers: ChoiceAnswer[];
  /** 'Step 2 of 4', or null for a survey without an indicator. */
  indicator: StepIndicator | null;
  /** Where an answer's tip links to: the provider's links by name. */
  links: ProviderLinks;
  /** Turns an English survey text into the customer's language. */
  translate: (english: string) => string;
  /** Bumped on every failed submit, so the error summary takes focus again. */
  submitCount: number;
  /** The question may be left unanswered (a cancellation policy's `survey: optional`): its legend says so. */
  optional?: boolean;
}

/** The step form context of a registry component. */
export function stepContext(registry: Pick<Registry, 'formContext'>): StepFormContext {
  return registry.formContext as StepFormContext;
}

/** The id of the element that takes focus when a step is shown: the page heading. */
export const STEP_HEADING_ID = 'step-heading';

/** The closing form's field a widget renders, by its property name. */
export function formFieldOf(registry: Pick<Registry, 'formContext'>, name: string): FormField | undefined {
  const { step } = stepContext(registry);
  return 'fields' in step ? step.fields.find((field) => field.id === name) : undefined;
}
