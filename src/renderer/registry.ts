// The registry of our RJSF components: the only names a compiled uiSchema may use.
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import type { StepType } from '../model';
import { ChoiceStepField } from './kinds/ChoiceStepField';
import { MultiStepField } from './kinds/MultiStepField';
import { RatingStepField } from './kinds/RatingStepField';
import { TextStepField } from './kinds/TextStepField';
import { AgreementWidget, LimitedTextareaWidget, LimitedTextWidget, ReadOnlyEmailWidget } from './widgets';
import { ErrorListTemplate, FieldErrorTemplate, FieldTemplate, Nothing, ObjectFieldTemplate } from './templates';

/**
 * How each kind of step renders: the RJSF field its compiled uiSchema names (`ui:field`), or the
 * widgets of its fields (the closing form), or its own screen outside RJSF (the offer, OfferStepForm).
 * A kind without an entry is a type error.
 */
export const STEP_RENDERERS = {
  choice: { field: 'ChoiceStepField' },
  text: { field: 'TextStepField' },
  rating: { field: 'RatingStepField' },
  multi: { field: 'MultiStepField' },
  form: { widgets: 'per field' },
  offer: { screen: 'OfferStepForm' },
} as const satisfies Record<StepType, { field: string } | { widgets: string } | { screen: string }>;

export const fields: RegistryFieldsType = { ChoiceStepField, TextStepField, RatingStepField, MultiStepField };

export const widgets: RegistryWidgetsType = {
  LimitedTextWidget,
  LimitedTextareaWidget,
  ReadOnlyEmailWidget,
  AgreementWidget,
};

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> = {
  ErrorListTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
};
