// The registry of our RJSF components: the only names a compiled uiSchema may use.
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ChoiceStepField } from './ChoiceStepField';
import { TextStepField } from './TextStepField';
import { AgreementWidget, LimitedTextareaWidget, LimitedTextWidget, ReadOnlyEmailWidget } from './widgets';
import { ErrorListTemplate, FieldErrorTemplate, FieldTemplate, Nothing, ObjectFieldTemplate } from './templates';

export const fields: RegistryFieldsType = { ChoiceStepField, TextStepField };

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
