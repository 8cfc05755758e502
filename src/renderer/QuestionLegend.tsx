import { STEP_HEADING_ID, type StepFormContext } from './context';
import { StepCaption } from './StepIntro';

/** A question's legend: the page heading with its caption when the step has no heading of its own, else a sub-heading. */
export function QuestionLegend({ question, context }: { question: string; context: StepFormContext }) {
  if (context.step.heading) return <legend className="fieldset__legend fieldset__legend--m">{question}</legend>;
  return (
    <legend className="fieldset__legend fieldset__legend--l">
      <StepCaption indicator={context.indicator} />
      <h1 id={STEP_HEADING_ID} tabIndex={-1} className="fieldset__heading">
        {question}
      </h1>
    </legend>
  );
}
