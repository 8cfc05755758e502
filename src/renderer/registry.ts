// The registry of our RJSF components: the only names a compiled uiSchema may use.
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { STEP_FIELDS } from './kinds/renderers';
import { AgreementNoticeWidget, AgreementWidget, LimitedTextareaWidget, LimitedTextWidget, ReadOnlyEmailWidget } from './widgets';
import { ErrorListTemplate, FieldErrorTemplate, FieldTemplate, Nothing, ObjectFieldTemplate } from './templates';

/** Every field the kinds' table names (./kinds/renderers.ts), registered under that name. */
export const fields: RegistryFieldsType = STEP_FIELDS;

export const widgets: RegistryWidgetsType = {
  LimitedTextWidget,
  LimitedTextareaWidget,
  ReadOnlyEmailWidget,
  AgreementWidget,
  AgreementNoticeWidget,
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
