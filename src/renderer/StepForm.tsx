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
  /**
   * The question may be left unanswered (a cancellation policy's `survey: optional`): its legend says
   * so, and submitting it with nothing entered calls `onValid` with that blank data, unvalidated.
   */
  optional?: boolean;
}

/** Whether form data holds nothing the customer entered: no answer chosen, no text but blanks, no box ticked. */
export function isBlankData(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isBlankData);
  if (typeof value === 'object') return Object.values(value).every(isBlankData);
  return false;
}

/**
 * One survey step as an RJSF form with our registry: validated on submit only, with the spec's
 * messages in an error summary that takes focus, and inline errors at the fields.
 */
export function StepForm(props: StepFormProps) {
  const { step, answers, indicator, links, validator, initialData, onEdit, onValid, onErrorsShown, children, optional = false } = props;
  const { i18n } = useLingui();
  const [submitCount, setSubmitCount] = useState(0);
  // A step with answers keeps their boxes' texts under `details`.
  const [formData] = useState(() => ('answers' in step ? { details: {}, ...initialData } : initialData));
  // What the form holds now: the error mapping needs the chosen answer.
  const current = useRef<unknown>(formData);
  const [blank, setBlank] = useState(() => isBlankData(formData));

  const formContext = useMemo<StepFormContext>(
    () => ({ step, answers, indicator, links, translate: translateSurveyText, submitCount, optional }),
    [step, answers, indicator, links, submitCount, optional],
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
      // Left unanswered where questions are optional: nothing to check, the page moves on.
      noValidate={optional && blank}
      // A `const: true` (the agreement) is a rule to meet, never a value to prefill.
      experimental_defaultFormStateBehavior={DEFAULTS}
      focusOnFirstError={false}
      className="step-form"
      onChange={(event) => {
        current.current = event.formData;
        setBlank(isBlankData(event.formData));
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
