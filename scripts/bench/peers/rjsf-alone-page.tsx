// The RJSF-alone peer's screen: the floor's heading and step 1's question drawn by @rjsf/core as
// published (its own templates and radio widget), with no router, no i18n, no error tracking and a
// validator that checks nothing (a form that is only shown asks it nothing). Rendered into the HTML
// and hydrated by rjsf-alone-hydrated.tsx: what the form library alone costs a hydrated page.
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FloorStep } from './floor-step';
import { PlainFrame } from './plain-frame';

/** A validator with nothing to say: the screen is timed until it listens, before any answer is checked. */
const silentValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => false,
  rawValidation: () => ({}),
};

export function RjsfAlonePage({ step }: { step: FloorStep }) {
  const schema: RJSFSchema = { type: 'object', required: ['answer'], properties: { answer: { type: 'string', title: step.question, enum: step.answers.map((a) => a.id) } } };
  const uiSchema: UiSchema = {
    answer: { 'ui:widget': 'radio', 'ui:enumNames': step.answers.map((a) => a.text) },
    'ui:submitButtonOptions': { submitText: 'Continue' },
  };
  return (
    <PlainFrame brand={step.provider}>
      <span className="caption">{step.indicator}</span>
      <h1 className="heading-xl">{step.heading}</h1>
      <Form schema={schema} uiSchema={uiSchema} validator={silentValidator} noHtml5Validate onSubmit={() => undefined} />
    </PlainFrame>
  );
}
