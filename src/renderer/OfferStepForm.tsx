import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { offerValues } from '../engine';
import { translateSurveyText } from '../i18n';
import type { OfferStep } from '../model';
import { STEP_HEADING_ID, type StepFormContext } from './context';
import { describedBy, ErrorMessage, errorId } from './ErrorMessage';
import { ErrorSummary } from './ErrorSummary';
import { formatMessage } from './messages';
import { StepCaption } from './StepIntro';

export interface OfferStepFormProps {
  step: OfferStep;
  /** A downgrade's plans for this customer, in the YAML's order (`downgradePlans`); none for a discount. */
  plans: string[];
  indicator: StepFormContext['indicator'];
  /** The plan chosen before a reload, if any. */
  initialPlan?: string;
  /** Every change of plan, so a reload keeps it. */
  onPlanChange: (plan: string) => void;
  /** An accept is under way: the buttons say so, and further clicks do nothing. */
  busy: boolean;
  /** Accept was pressed with what it needs (the plan, on a downgrade). */
  onAccept: (plan: string | undefined) => void;
  onDecline: () => void;
  /** Whether the step shows errors now (for the page title). */
  onErrorsShown?: (shown: boolean) => void;
  /** A control that stands beside the offer's own buttons (a cancellation policy's cancel control). */
  besideButtons?: ReactNode;
}

const PLAN_GROUP_ID = 'offer_plan';

/**
 * A retention offer (DESIGN §8): its heading (the page's h1), what it offers, on a downgrade the
 * plans as radios in a fieldset, the accept button and a one-click decline. Accepting a downgrade
 * without a plan shows the spec's 'Please choose an option.' in an error summary that takes focus.
 */
export function OfferStepForm(props: OfferStepFormProps) {
  const { step, plans, indicator, initialPlan, onPlanChange, busy, onAccept, onDecline, onErrorsShown } = props;
  const { i18n } = useLingui();
  const [plan, setPlan] = useState(initialPlan !== undefined && plans.includes(initialPlan) ? initialPlan : undefined);
  const [error, setError] = useState<string | undefined>();
  const [submitCount, setSubmitCount] = useState(0);
  const values = offerValues(step);
  const isDowngrade = step.offer.kind === 'downgrade';
  const planNames = step.offer.kind === 'downgrade' ? step.offer.planNames : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (isDowngrade && plan === undefined) {
      setError(formatMessage(i18n, { key: 'chooseOption' }));
      setSubmitCount((count) => count + 1);
      onErrorsShown?.(true);
      return;
    }
    setError(undefined);
    onErrorsShown?.(false);
    onAccept(plan);
  };

  return (
    <form className="step-form" noValidate onSubmit={submit}>
      {error && <ErrorSummary errors={[{ fieldId: PLAN_GROUP_ID, message: error }]} submitCount={submitCount} />}
      <StepCaption indicator={indicator} />
      <h1 id={STEP_HEADING_ID} tabIndex={-1} className="heading-xl">
        {translateSurveyText(step.heading, values)}
      </h1>
      <p className="offer__body">{translateSurveyText(step.body, values)}</p>
      {isDowngrade && (
        <div className={error ? 'form-group form-group--error' : 'form-group'}>
          <fieldset className="fieldset" aria-describedby={describedBy(error && errorId(PLAN_GROUP_ID))}>
            <legend className="fieldset__legend fieldset__legend--m">
              <Trans>Choose your new plan</Trans>
            </legend>
            <ErrorMessage id={errorId(PLAN_GROUP_ID)} message={error} />
            <div className="radios">
              {plans.map((id, index) => {
                // The first radio carries the group's id, so the error summary's link lands on the group.
                const radioId = index === 0 ? PLAN_GROUP_ID : `${PLAN_GROUP_ID}-${id}`;
                return (
                  <div className="radios__item" key={id}>
                    <input
                      className="radios__input"
                      id={radioId}
                      name={PLAN_GROUP_ID}
                      type="radio"
                      value={id}
                      checked={plan === id}
                      onChange={() => {
                        setPlan(id);
                        onPlanChange(id);
                      }}
                    />
                    <label className="radios__label" htmlFor={radioId}>
                      {translateSurveyText(planNames[id] ?? id, values)}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        </div>
      )}
      <div className="button-group">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {translateSurveyText(step.accept, values)}
        </button>
        <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={() => !busy && onDecline()}>
          {translateSurveyText(step.decline, values)}
        </button>
        {props.besideButtons}
      </div>
    </form>
  );
}
