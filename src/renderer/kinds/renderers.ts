// How each kind of step renders, by name only (no React here, so the compiler's output can be checked
// against it anywhere). src/renderer/registry.ts registers a field under every name this table gives.
import type { StepType } from '../../model';

/** The RJSF fields of the kinds that render through one: what a compiled uiSchema's `ui:field` names. */
export const STEP_FIELD_NAMES = ['ChoiceStepField', 'TextStepField', 'RatingStepField', 'MultiStepField'] as const;

export type StepFieldName = (typeof STEP_FIELD_NAMES)[number];

/**
 * How each kind of step renders: the field its compiled uiSchema names, or the widgets of its fields
 * (the closing form), or its own screen outside RJSF (the offer, OfferStepForm). A kind without an
 * entry is a type error.
 */
export const STEP_RENDERERS = {
  choice: { field: 'ChoiceStepField' },
  text: { field: 'TextStepField' },
  rating: { field: 'RatingStepField' },
  multi: { field: 'MultiStepField' },
  form: { widgets: 'per field' },
  offer: { screen: 'OfferStepForm' },
} as const satisfies Record<StepType, { field: StepFieldName } | { widgets: string } | { screen: string }>;
