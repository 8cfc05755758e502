import { Trans } from '@lingui/react/macro';
import { STEP_HEADING_ID, type StepFormContext } from './context';

/** 'SEO Toolkit · Step 2 of 4' (3.5 shows as 3); nothing for a survey without an indicator. */
export function StepCaption({ indicator }: Pick<StepFormContext, 'indicator'>) {
  if (!indicator) return null;
  const { current, total, subject } = indicator;
  return (
    <span className="caption">
      {subject && (
        <>
          <span className="caption__subject">{subject}</span> <span aria-hidden="true">· </span>
        </>
      )}
      <span className="caption__step">
        <Trans>
          Step {current} of {total}
        </Trans>
      </span>
    </span>
  );
}

/** The step's caption and page heading, when the step has a heading of its own. */
export function StepIntro({ context }: { context: StepFormContext }) {
  const { step, indicator, translate } = context;
  if (!step.heading) return null;
  return (
    <>
      <StepCaption indicator={indicator} />
      <h1 id={STEP_HEADING_ID} tabIndex={-1} className="heading-xl">
        {translate(step.heading)}
      </h1>
    </>
  );
}
