import { useLingui } from '@lingui/react';
import Form from '@rjsf/core';
import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StepData } from '../engine';
import { translateSurveyText } from '../i18n';
import type { ChoiceAnswer, FormBearingStep } from '../model';
import { reportError } from '../monitoring';
import type { StepFormContext } from './context';
import { fieldOrder, isUnchosenDetail, transformErrors } from './error-mapping';
import { kindMessages } from './kinds/renderers';
import { formatMessage } from './messages';
import { fields, templates, widgets } from './registry';

const DEFAULTS = { constAsDefaults: 'never' } as const;

export interface StepFormProps {
  step: FormBearingStep;
  /** The choice step's answers in this visit's order. */
  answers: ChoiceAnswer[];
  indicator: StepFormContext['indicator'];
  /** Where the answers' tips link to (the provider's links). */
  links: StepFormContext['links'];
  validator: ValidatorType;
  /** What the step holds when it is shown (saved or prefilled). */
  initialData: StepData;
  /** Every change, so a reload keeps drafts. */
  onEdit: (data: StepData) => void;
  /** The step passed validation. */
  onValid: (data: StepData) => void;
  /** Whether the step shows errors now (for the page title). */
  onErrorsShown?: (shown: boolean) => void;
  /** The buttons and links under the fields; the first submit button submits the step. */
  children: ReactNode;
}

/**
 * One survey step as an RJSF form with our registry: validated on submit only, with the spec's
 * messages in an error summary that takes focus, and inline errors at the fields.
 */
export function StepForm(props: StepFormProps) {
  const { step, answers, indicator, links, validator, initialData, onEdit, onValid, onErrorsShown, children } = props;
  const { i18n } = useLingui();
  const [submitCount, setSubmitCount] = useState(0);
  // A step with answers keeps their boxes' texts under `details`.
  const [formData] = useState(() => ('answers' in step ? { details: {}, ...initialData } : initialData));
  // What the form holds now: the error mapping needs the chosen answer.
  const current = useRef<unknown>(formData);

  const formContext = useMemo<StepFormContext>(
    () => ({ step, answers, indicator, links, translate: translateSurveyText, submitCount }),
    [step, answers, indicator, links, submitCount],
  );
  const transform = useCallback(
    (errors: RJSFValidationError[]) =>
      transformErrors(errors, {
        messages: step.form.messages,
        fieldOrder: fieldOrder(step.form.schema, step.form.uiSchema),
        isHidden: (path) => 'answers' in step && isUnchosenDetail(path, current.current),
        format: (ref) => formatMessage(i18n, ref, kindMessages(step)),
        onUnmapped: (error) =>
          reportError(new Error(`step '${step.id}': no message for ${error.property ?? ''} ${error.name ?? ''}`), 'Validation message missing'),
      }),
    [step, i18n],
  );

  return (
    <Form
      schema={step.form.schema}
      uiSchema={step.form.uiSchema}
      validator={validator}
      initialFormData={formData}
      formContext={formContext}
      fields={fields}
      widgets={widgets}
      templates={templates}
      transformErrors={transform}
      showErrorList="top"
      noHtml5Validate
      // A `const: true` (the agreement) is a rule to meet, never a value to prefill.
      experimental_defaultFormStateBehavior={DEFAULTS}
      focusOnFirstError={false}
      className="step-form"
      onChange={(event) => {
        current.current = event.formData;
        onEdit(event.formData as StepData);
      }}
      onError={() => {
        setSubmitCount((count) => count + 1);
        onErrorsShown?.(true);
      }}
      onSubmit={(event) => {
        onErrorsShown?.(false);
        onValid(event.formData as StepData);
      }}
    >
      {children}
    </Form>
  );
}
