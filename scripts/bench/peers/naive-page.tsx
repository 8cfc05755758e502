// The naive stack's screen: step 1 of the survey as a team would first write it with the product's
// libraries and no care for the first screen. React Router (one route), Lingui (the English messages
// loaded and activated before the first render), Sentry's error boundary, and RJSF with the ordinary
// ajv8 validator (which compiles the schema in the browser) drawing a JSON Schema enum as radios, the
// answer that asks for details as a schema dependency. Drawn on the client by the naive peer
// (naive.tsx), and rendered into the HTML and hydrated by its server-rendered twin (naive-hydrated.tsx).
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { ErrorBoundary } from '@sentry/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { FloorStep } from './floor-step';
import { PlainFrame } from './plain-frame';

/** Loads and activates `step`'s texts as compiled Lingui messages (each a list of parts), as a catalog module would export them. */
export function activateMessages(step: FloorStep): void {
  const messages: Messages = {
    provider: [step.provider],
    indicator: [step.indicator],
    heading: [step.heading],
    question: [step.question],
    continue: ['Continue'],
    ...Object.fromEntries(step.answers.map((a) => [`answer.${a.id}`, [a.text]])),
    ...Object.fromEntries(step.answers.flatMap((a) => (a.input ? [[`details.${a.id}`, [a.input.label]]] : []))),
  };
  i18n.load('en', messages);
  i18n.activate('en');
}

function StepOne({ step }: { step: FloorStep }) {
  const { i18n: lingui } = useLingui();
  const schema: RJSFSchema = {
    type: 'object',
    required: ['answer'],
    properties: { answer: { type: 'string', title: lingui._('question'), enum: step.answers.map((a) => a.id) } },
    dependencies: {
      answer: {
        oneOf: step.answers.map((a) => ({
          properties: {
            answer: { enum: [a.id] },
            ...(a.input ? { [`details_${a.id}`]: { type: 'string', title: lingui._(`details.${a.id}`), maxLength: a.input.maxLength } } : {}),
          },
          ...(a.input ? { required: [`details_${a.id}`] } : {}),
        })),
      },
    },
  };
  const uiSchema: UiSchema = {
    answer: { 'ui:widget': 'radio', 'ui:enumNames': step.answers.map((a) => lingui._(`answer.${a.id}`)) },
    ...Object.fromEntries(step.answers.flatMap((a) => (a.input ? [[`details_${a.id}`, { 'ui:widget': 'textarea' }]] : []))),
    'ui:submitButtonOptions': { submitText: lingui._('continue') },
  };
  return (
    <>
      <span className="caption">
        <Trans id="indicator" />
      </span>
      <h1 className="heading-xl">
        <Trans id="heading" />
      </h1>
      <Form schema={schema} uiSchema={uiSchema} validator={validator} noHtml5Validate onSubmit={() => undefined} />
    </>
  );
}

/** The page inside `Router` (a BrowserRouter in the browser, a StaticRouter on the server). */
export function NaivePage({ step, Router }: { step: FloorStep; Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <ErrorBoundary fallback={<p>Something went wrong.</p>}>
      <I18nProvider i18n={i18n}>
        <Router>
          <PlainFrame brand={<Trans id="provider" />}>
            <Routes>
              <Route path="/" element={<StepOne step={step} />} />
            </Routes>
          </PlainFrame>
        </Router>
      </I18nProvider>
    </ErrorBoundary>
  );
}
