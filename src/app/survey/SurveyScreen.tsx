import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api';
import { buildPayload, completesSurvey, currentStep, initialData, isOfferStep, orderedAnswers, stepIndicator, stepTextValues, transition, type StepData } from '../../engine';
import { translateSurveyText } from '../../i18n';
import type { Audience, CompiledStep, CompiledSurvey, ToolkitBinding } from '../../model';
import { STEP_HEADING_ID, StepForm, stepTitle } from '../../renderer';
import { bundle } from '../bundle';
import { useFailure } from '../components/failure';
import { HelpLinks } from '../components/HelpLinks';
import { Placeholder } from '../components/Layout';
import { useTitle } from '../components/use-title';
import type { ReadyUser } from '../components/WithUser';
import { dropAttempt, readAttempt, saveAttempt } from '../pending-attempts';
import { newAttempt, submitSurvey, type SubmissionAttempt } from '../submission';
import { Confirmation } from './Confirmation';
import { OfferAccepted } from './OfferAccepted';
import { OfferScreen } from './OfferScreen';
import { useOfferEligibility } from './use-offer-eligibility';
import { useSurvey } from './use-survey';
import { useStepValidator } from './use-validator';

interface SurveyScreenProps {
  binding: ToolkitBinding;
  survey: CompiledSurvey;
  audience: Audience;
  ready: ReadyUser;
  api: ApiClient;
}

/** The step's name in the customer's language, with the values its text quotes (an offer's numbers). */
function nameOfStep(step: CompiledStep): string {
  return translateSurveyText(stepTitle(step), stepTextValues(step));
}

/** The plan a downgrade step holds from before (a reload), if any. */
function savedPlan(saved: StepData | undefined): string | undefined {
  return saved && 'plan' in saved && typeof saved.plan === 'string' ? saved.plan : undefined;
}

/** Moves focus to the new step's heading on every step change (not on arrival), and the view to the top. */
function useFocusOnStepChange(stepId: string, ready: boolean) {
  const first = useRef(stepId);
  useEffect(() => {
    if (!ready || stepId === first.current) return;
    first.current = '';
    window.scrollTo({ top: 0 });
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, [stepId, ready]);
}

/** The survey of one toolkit page, driven by the engine and drawn by the renderer (one screen for every toolkit). */
export function SurveyScreen({ binding, survey, audience, ready, api }: SurveyScreenProps) {
  const { t } = useLingui();
  const { fail, clear } = useFailure();
  const { state, edit, advance, back, finish, done, setOffers, retain, retained } = useSurvey(survey, audience, binding.route);
  useOfferEligibility({ survey, audience, binding, user: ready.user, api, known: state.offers, setOffers });
  const step = currentStep(survey, state);
  const flow = survey.audiences[audience];
  // An offer step has no form to validate.
  const formStep = 'form' in step ? step : null;
  const validator = useStepValidator(flow, formStep);
  const answers = useMemo(() => ('answers' in step && 'order' in step ? orderedAnswers(step, state) : []), [step, state]);
  // The caption names the subscription being cancelled, so /cancel/seo and /cancel/all do not look alike.
  const subject = translateSurveyText(binding.name);
  const indicator = useMemo(() => {
    const position = stepIndicator(survey, state);
    return position && { ...position, subject };
  }, [survey, state, subject]);
  const [errorsShown, setErrorsShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  // A submission under way survives a reload (pending-attempts.ts), so repeating it sends the same keys.
  const [savedAttempt] = useState(() => readAttempt<SubmissionAttempt>('submission', binding.route));
  const attempt = useRef<SubmissionAttempt | null>(savedAttempt);

  useFocusOnStepChange(step.id, formStep === null || validator !== null);
  useEffect(() => setErrorsShown(false), [step.id]);
  // Answers changed since a failed submission (the customer went back): the next one is a new attempt.
  const trailLength = useRef(state.trail.length);
  useEffect(() => {
    if (trailLength.current === state.trail.length) return;
    trailLength.current = state.trail.length;
    attempt.current = null;
    dropAttempt('submission', binding.route);
  }, [state.trail.length, binding.route]);

  // A cancellation waiting for its emailed link shows where it stands, until the customer starts
  // again; a submission this tab had under way when it reloaded goes on instead (it is retried).
  const [resendIn, setResendIn] = useState<number | undefined>();
  const [startedAgain, setStartedAgain] = useState(false);
  const pending = binding.confirmRoute === undefined ? undefined : ready.pending?.find((p) => p.toolkit === binding.toolkit);
  const showPending = pending !== undefined && savedAttempt === null && !startedAgain && !done && !retained;

  const stepName = nameOfStep(step);
  const { current, total } = indicator ?? { current: 0, total: 0 };
  const pageName = indicator ? t`Step ${current} of ${total}: ${stepName}` : stepName;
  // The confirmation and the success screen name themselves.
  useTitle(done || retained || showPending ? null : pageName, errorsShown);

  if (done) return <Confirmation binding={binding} api={api} resendIn={resendIn ?? pending?.resend_in_seconds} />;
  if (showPending) {
    return (
      <Confirmation
        binding={binding}
        api={api}
        resendIn={pending.resend_in_seconds}
        sentAt={pending.email_sent_at}
        onStartAgain={() => setStartedAgain(true)}
      />
    );
  }
  if (retained) return <OfferAccepted step={retained.step} plan={retained.plan} />;

  const submit = async (data: StepData) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    clear();
    try {
      const completed = transition(survey, state, { type: 'continue', data });
      const payload = buildPayload(survey, completed, {
        user: ready.user,
        timestamp: ready.timestamp,
        toolkit: binding.toolkit,
        translate: translateSurveyText,
      });
      attempt.current ??= newAttempt();
      const save = (current: SubmissionAttempt) => saveAttempt('submission', binding.route, current);
      const result = await submitSurvey(api, attempt.current, payload, binding.confirmRoute !== undefined, undefined, save);
      setResendIn(result.resendInSeconds);
      attempt.current = null;
      dropAttempt('submission', binding.route);
      finish();
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const backLink = state.trail.length > 1 && (
    <a
      href={`#${STEP_HEADING_ID}`}
      className="back-link"
      onClick={(event) => {
        event.preventDefault();
        back();
      }}
    >
      <Trans>Back</Trans>
    </a>
  );

  if (isOfferStep(step)) {
    return (
      <>
        {backLink}
        <OfferScreen
          key={step.id}
          step={step}
          route={binding.route}
          productGroup={ready.user.product_group}
          indicator={indicator}
          savedPlan={savedPlan(state.data[step.id])}
          api={api}
          onEdit={edit}
          onDecline={() => advance({ choice: 'declined' })}
          onAccepted={retain}
          onErrorsShown={setErrorsShown}
        />
        <HelpLinks />
      </>
    );
  }
  if (!formStep || !validator) return <Placeholder />;

  const trial = audience === 'trial';
  const isForm = completesSurvey(formStep);
  return (
    <>
      {backLink}
      <StepForm
        key={formStep.id}
        step={formStep}
        answers={answers}
        indicator={indicator}
        links={bundle.provider.links}
        validator={validator}
        initialData={initialData(formStep, state.data[formStep.id], ready.user)}
        onEdit={edit}
        onValid={(data) => (isForm ? void submit(data) : advance(data))}
        onErrorsShown={setErrorsShown}
      >
        <div className="button-group">
          <button
            type="submit"
            className={isForm ? 'button button--warning' : 'button'}
            aria-disabled={submitting || undefined}
          >
            {'submit' in formStep ? translateSurveyText(formStep.submit) : <Trans>Continue</Trans>}
          </button>
          <a className="button button--secondary" href={bundle.provider.links.home}>
            {trial ? <Trans>I want to keep my trial subscription</Trans> : <Trans>I want to stay</Trans>}
          </a>
        </div>
      </StepForm>
      <HelpLinks />
    </>
  );
}
