import { Trans } from '@lingui/react/macro';
import { STEP_HEADING_ID, type StepFormContext } from './context';
import { StepCaption } from './StepIntro';

/** ' (optional)' after a question the customer may leave unanswered. */
function OptionalMark({ context }: { context: StepFormContext }) {
  if (!context.optional) return null;
  return (
    <span className="label__optional">
      {' '}
      <Trans>(optional)</Trans>
    </span>
  );
}

/** A question's legend: the page heading with its caption when the step has no heading of its own, else a sub-heading. */
export function QuestionLegend({ question, context }: { question: string; context: StepFormContext }) {
  if (context.step.heading) {
    return (
      <legend className="fieldset__legend fieldset__legend--m">
        {question}
        <OptionalMark context={context} />
      </legend>
    );
  }
  return (
    <legend className="fieldset__legend fieldset__legend--l">
      <StepCaption indicator={context.indicator} />
      <h1 id={STEP_HEADING_ID} tabIndex={-1} className="fieldset__heading">
        {question}
        <OptionalMark context={context} />
      </h1>
    </legend>
  );
}
