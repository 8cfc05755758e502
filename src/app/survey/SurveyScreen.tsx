import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api';
import { completesSurvey, currentStep, initialData, isOfferStep, orderedAnswers, stepIndicator, stepTextValues, transition, type StepData, type SurveyState } from '../../engine';
import { translateSurveyText } from '../../i18n';
import type { Audience, CompiledFlow, CompiledStep, CompiledSurvey, FormStep, ToolkitBinding } from '../../model';
import { isBlankData, STEP_HEADING_ID, StepForm, stepTitle } from '../../renderer';
import { bundle } from '../bundle';
import { useFailure } from '../components/failure';
import { HelpLinks } from '../components/HelpLinks';
import { Placeholder } from '../components/Layout';
import { useTitle } from '../components/use-title';
import type { ReadyUser } from '../components/WithUser';
import { dropAttempt, readAttempt, saveAttempt } from '../pending-attempts';
import { cancelNowOnEveryScreen, pagePolicy, replacesClosingForm } from '../policy';
import { clearReceipt, saveReceipt, savedReceipt } from '../saved-survey';
import type { SubmissionAttempt } from '../submission';
import { CancelNow } from './CancelNow';
import { loadLaterScreens, useLaterScreens } from './LaterScreen';
import { useOfferEligibility } from './use-offer-eligibility';
import { DECLARE_STEP, DONE_STEP, RETAINED_STEP, useSurvey } from './use-survey';
import { useStepValidator } from './use-validator';
import { useVisit } from './use-visit';

interface SurveyScreenProps {
  binding: ToolkitBinding;
  survey: CompiledSurvey;
  audience: Audience;
  ready: ReadyUser;
  api: ApiClient;
  /** The state of the first step the server rendered, which the page starts from unless the tab kept answers. */
  served?: SurveyState;
}

/** The screen of a cancellation waiting for its emailed link, as the focus tells screens apart (no step id has a space). */
const PENDING_SCREEN = 'pending confirmation';

/** The step's name in the customer's language, with the values its text quotes (an offer's numbers). */
function nameOfStep(step: CompiledStep): string {
  return translateSurveyText(stepTitle(step), stepTextValues(step));
}

/** The plan a downgrade step holds from before (a reload), if any. */
function savedPlan(saved: StepData | undefined): string | undefined {
  return saved && 'plan' in saved && typeof saved.plan === 'string' ? saved.plan : undefined;
}

/** The flow's closing form: the step whose submission completes the survey, and asks the fields of a declaration. */
function closingFormOf(flow: CompiledFlow): FormStep | undefined {
  return Object.values(flow.steps).find((step): step is FormStep => completesSurvey(step) && 'fields' in step);
}

/** The Back link above a step: the previous step, or the step a declaration was opened over. */
function BackLink({ onBack }: { onBack: () => void }) {
  return (
    <a
      href={`#${STEP_HEADING_ID}`}
      className="back-link"
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      <Trans>Back</Trans>
    </a>
  );
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
export function SurveyScreen({ binding, survey, audience, ready, api, served }: SurveyScreenProps) {
  const { t } = useLingui();
  const { fail, clear } = useFailure();
  const { state, edit, advance, back, finish, done, setOffers, retain, retained, declaring, declare, undeclare } = useSurvey(survey, audience, binding.route, served);
  const policy = pagePolicy(binding, ready.policy);
  // On the load the server rendered with, spec §4's calls are still under way: what follows from them waits.
  const loaded = !ready.served;
  useOfferEligibility({ survey, audience, binding, user: ready.user, api, known: state.offers, setOffers, withheld: policy.offers === 'withheld', loaded });
  const step = currentStep(survey, state);
  const flow = survey.audiences[audience];
  // The policy's declaration screen: opened by its cancel-now control (or a question left unanswered),
  // the page's first screen where questions come after the cancellation, or in place of the closing form.
  const closing = closingFormOf(flow);
  const opensDeclaration = policy.cancelNow !== undefined || policy.survey !== 'required';
  const onClosing = closing !== undefined && step.id === closing.id;
  const declaration =
    closing !== undefined && ((declaring && opensDeclaration) || policy.survey === 'after-cancellation' || (onClosing && replacesClosingForm(policy)));
  // Reached without completing the questions: only the declaration is sent, no survey.
  const viaControl = declaration && !onClosing;
  const opened = viaControl || declaring;
  // An offer step has no form to validate.
  const formStep = declaration && closing ? closing : 'form' in step ? step : null;
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
  // It outlives Back and changed answers too, so its email key does: a survey or declaration changed
  // since a failed try is sent with a key of its own (submission.ts, declaration-submission.ts), and an
  // email whose answer was lost is not sent again under a new key (decision 157).
  const [savedAttempt] = useState(() => readAttempt<SubmissionAttempt>('submission', binding.route));
  const attempt = useRef<SubmissionAttempt | null>(savedAttempt);

  useEffect(() => setErrorsShown(false), [step.id]);

  // A cancellation waiting for its emailed link shows where it stands, until the customer starts
  // again; a submission this tab had under way when it reloaded goes on instead (it is retried).
  const [resendIn, setResendIn] = useState<number | undefined>();
  const [startedAgain, setStartedAgain] = useState(false);
  const pending = binding.confirmRoute === undefined ? undefined : ready.pending?.find((p) => p.toolkit === binding.toolkit);
  // A survey sent from this page waits for its link too: Back from its confirmation shows where it stands.
  const sentHere = useRef(false);
  const showPending = (pending !== undefined || sentHere.current) && savedAttempt === null && !startedAgain && !done && !retained;

  // The screens after the questions are a chunk of their own: loaded at once where one shows, else
  // at an idle moment once the question is on screen.
  const showsLater = done || declaration || isOfferStep(step) || retained !== null || showPending;
  const later = useLaterScreens(showsLater, formStep !== null && validator !== null);
  const visit = useVisit(binding, survey, ready.user, api, loaded ? later?.visits : undefined);
  // The declaration is a screen of its own: opening it moves the focus to its heading too; so does
  // leaving a result (Back from an accepted offer shows step 1, whose id may be the one it started on),
  // and leaving a cancellation waiting for its link (Start the survey again, whose button is gone).
  const screen = retained ? RETAINED_STEP : done ? DONE_STEP : showPending ? PENDING_SCREEN : declaration ? DECLARE_STEP : step.id;
  useFocusOnStepChange(screen, (formStep === null || validator !== null) && (!showsLater || later !== undefined));

  const control = policy.cancelNow;
  const stepName = declaration && closing ? translateSurveyText(opened && control ? control.heading : stepTitle(closing)) : nameOfStep(step);
  const { current, total } = indicator ?? { current: 0, total: 0 };
  // Opened over a question, the declaration is no step of the survey's count.
  const pageName = indicator && !viaControl ? t`Step ${current} of ${total}: ${stepName}` : stepName;
  // The confirmation and the success screen name themselves.
  useTitle(done || retained || showPending ? null : pageName, errorsShown);
  // Each question or offer shown is an event of the visit, however it came on screen (a move, Back, a reload).
  const onAQuestion = !done && retained === null && !showPending && !declaration;
  useEffect(() => {
    if (onAQuestion) visit.record((visits) => visits.shownEvents(survey, state));
    // The step, not every edit of its answers, is what was shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.id, onAQuestion]);

  if (showsLater && !later) return <Placeholder />;

  /** Takes the step on (`advance`, or `retain` for an accepted offer), recording what was chosen on it. */
  const take = (data: StepData, move: (data: StepData) => void) => {
    visit.record((visits) => visits.takenEvents(survey, state, transition(survey, state, { type: 'continue', data })));
    move(data);
  };
  const openDeclaration = () => {
    visit.record(() => [{ type: 'cancel-now', step: step.id }]);
    declare();
  };

  if (done && later) {
    const receipt = savedReceipt(binding.route);
    if (receipt) return <later.Receipt binding={binding} receipt={receipt} />;
    return <later.Confirmation binding={binding} api={api} resendIn={resendIn ?? pending?.resend_in_seconds} />;
  }
  if (showPending && later) {
    return (
      <later.Confirmation
        binding={binding}
        api={api}
        resendIn={resendIn ?? pending?.resend_in_seconds}
        sentAt={pending?.email_sent_at}
        onStartAgain={() => setStartedAgain(true)}
      />
    );
  }
  if (retained && later) return <later.OfferAccepted step={retained.step} plan={retained.plan} />;

  /** Runs one submission at a time: the button says so, the banner clears, a failure shows it. */
  const runSubmission = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    clear();
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** The survey stored (spec §3) and, where the link confirms, its email asked for (with the later screens' code). */
  const submitSurveyStep = (data: StepData) =>
    runSubmission(async () => {
      const screens = later ?? (await loadLaterScreens());
      attempt.current ??= screens.newAttempt();
      const save = (current: SubmissionAttempt) => saveAttempt('submission', binding.route, current);
      const confirmByEmail = binding.confirmRoute !== undefined;
      setResendIn(await screens.sendSurvey({ survey, state, data, binding, ready, api, confirmByEmail, attempt: attempt.current, save }));
      visit.record(() => (binding.confirmRoute === undefined ? [{ type: 'submitted' }] : [{ type: 'submitted' }, { type: 'email-sent' }]));
      visit.end();
      attempt.current = null;
      dropAttempt('submission', binding.route);
      clearReceipt(binding.route);
      sentHere.current = confirmByEmail;
      finish();
    });

  /** The declaration under the policy (declaration-submission.ts, with the later screens). */
  const submitDeclaration = (data: StepData) =>
    runSubmission(async () => {
      if (!closing || !later) return;
      attempt.current ??= later.newAttempt();
      const save = (changed: SubmissionAttempt) => saveAttempt('submission', binding.route, changed);
      const sent = await later.sendDeclaration({ survey, state, binding, policy, ready, api, closing, data, viaControl, attempt: attempt.current, save });
      setResendIn(sent.resendIn);
      visit.record(() => (sent.receipt?.effect === 'immediate' ? [{ type: 'submitted' }] : [{ type: 'submitted' }, { type: 'email-sent' }]));
      visit.end();
      attempt.current = null;
      dropAttempt('submission', binding.route);
      if (sent.receipt?.effect === 'immediate') saveReceipt(binding.route, sent.receipt);
      else clearReceipt(binding.route);
      finish();
    });

  const backLink = state.trail.length > 1 && <BackLink onBack={back} />;

  const stayLink = (
    <a className="button button--secondary" href={bundle.provider.links.home} onClick={() => visit.record(() => [{ type: 'stay' }])}>
      {audience === 'trial' ? <Trans>I want to keep my trial subscription</Trans> : <Trans>I want to stay</Trans>}
    </a>
  );
  const declareHref = `?step=${DECLARE_STEP}`;

  if (declaration && closing && later) {
    if (!validator) return <Placeholder />;
    const leave = declaring && !onClosing && policy.survey !== 'after-cancellation' && <BackLink onBack={undeclare} />;
    return (
      <later.DeclarationScreen
        binding={binding}
        policy={policy}
        closing={closing}
        opened={opened}
        indicator={viaControl ? null : indicator}
        initialData={initialData(closing, viaControl ? undefined : state.data[closing.id], ready.user)}
        validator={validator}
        submitting={submitting}
        // A draft of the declaration opened over another step is not kept: that step's answers are.
        onEdit={viaControl ? () => undefined : edit}
        onSubmit={(data) => void submitDeclaration(data)}
        onErrorsShown={setErrorsShown}
        back={leave || (onClosing && backLink)}
        stay={stayLink}
      />
    );
  }

  if (isOfferStep(step) && later) {
    return (
      <>
        {backLink}
        <later.OfferScreen
          key={step.id}
          step={step}
          route={binding.route}
          productGroup={ready.user.product_group}
          indicator={indicator}
          savedPlan={savedPlan(state.data[step.id])}
          api={api}
          onEdit={edit}
          onDecline={() => take({ choice: 'declined' }, advance)}
          onAccepted={(data) => {
            take(data, () => retain(data, state));
            visit.end();
          }}
          onErrorsShown={setErrorsShown}
          besideButtons={control && policy.offers !== 'withheld' && <CancelNow control={control} href={declareHref} onOpen={openDeclaration} />}
        />
        <HelpLinks />
      </>
    );
  }
  if (!formStep || !validator) return <Placeholder />;

  const isForm = completesSurvey(formStep);
  const optional = policy.survey === 'optional' && !isForm;
  return (
    <>
      {backLink}
      {control && cancelNowOnEveryScreen(policy) && !isForm && (
        <div className="cancel-now-bar">
          <CancelNow control={control} href={declareHref} onOpen={openDeclaration} />
        </div>
      )}
      <StepForm
        key={formStep.id}
        step={formStep}
        answers={answers}
        indicator={indicator}
        links={bundle.provider.links}
        validator={validator}
        initialData={initialData(formStep, state.data[formStep.id], ready.user)}
        onEdit={edit}
        onValid={(data) => {
          if (isForm) void submitSurveyStep(data);
          // Left unanswered where questions are optional: straight to the declaration.
          else if (optional && isBlankData(data)) openDeclaration();
          else take(data, advance);
        }}
        onErrorsShown={setErrorsShown}
        optional={optional}
      >
        <div className="button-group">
          {/* While the screen is the server's and nothing listens yet, it stays in the tab order but submits
              nothing natively (a plain submission would reload the page): the page holds the press and
              sends it once it listens (src/app/held-submit.ts). */}
          <button
            type="submit"
            className={isForm ? 'button button--warning' : 'button'}
            aria-disabled={submitting || served !== undefined || undefined}
            formMethod={served !== undefined ? 'dialog' : undefined}
          >
            {'submit' in formStep ? translateSurveyText(formStep.submit) : <Trans>Continue</Trans>}
          </button>
          {stayLink}
        </div>
      </StepForm>
      <HelpLinks />
    </>
  );
}
