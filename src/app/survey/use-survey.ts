// The survey state of a toolkit page: the engine's state, kept in sessionStorage, one history
// entry per step (?step=id), so a reload or the browser's Back and Forward lose nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isOfferStep, restoreState, startSurvey, transition, type OfferData, type StepData, type SurveyState } from '../../engine';
import type { Audience, CompiledSurvey, OfferStep, StepId } from '../../model';
import {
  markRetained,
  markSubmitted,
  readSavedState,
  retainedOutcome,
  saveState,
  wasSubmitted,
} from '../saved-survey';

export const STEP_PARAM = 'step';
/** The ?step value of the final confirmation. */
export const DONE_STEP = 'done';
/** The ?step value of the success screen after an accepted offer. */
export const RETAINED_STEP = 'retained';
/** The ?step value of a cancellation policy's declaration screen, opened by its cancel-now control. */
export const DECLARE_STEP = 'declare';

interface HistoryMark {
  /** The trail length when this history entry was pushed by a Continue. */
  surveyDepth?: number;
  /** What that Continue sent from the step before: the browser's Forward onto this entry makes it again while the step still holds it. */
  from?: StepData;
  /** This entry was pushed by the cancel-now control, over the step it was pressed on. */
  declaring?: boolean;
}

const currentOf = (state: SurveyState): StepId => state.trail[state.trail.length - 1] as StepId;

export interface SurveyControls {
  state: SurveyState;
  /** Records what was typed on the current step. */
  edit: (data: StepData) => void;
  /** Moves on from the current step with its validated data (not from the closing form). */
  advance: (data: StepData) => void;
  /** The Back link: the previous step. */
  back: () => void;
  /** The survey was submitted: forget the answers and show the final confirmation. */
  finish: () => void;
  /** Whether the final confirmation shows. */
  done: boolean;
  /** The retention offers this customer may be shown, once eligibility is known. */
  setOffers: (available: StepId[]) => void;
  /**
   * The offer on the step of `from` (the survey as it was when Accept was pressed: the customer may
   * have gone Back while the server answered) was accepted: forget the answers (nothing is sent) and
   * show its success screen.
   */
  retain: (data: OfferData, from: SurveyState) => void;
  /** The accepted offer whose success screen shows (and the chosen plan of a downgrade), if it does. */
  retained: Retained | null;
  /** Whether the policy's declaration screen shows (opened from the current step; the answers stay). */
  declaring: boolean;
  /** Opens the declaration screen (the cancel-now control), as a step of its own in the history. */
  declare: () => void;
  /** Leaves the declaration screen for the step it was opened on (its Back link). */
  undeclare: () => void;
}

/** An offer the customer accepted on this page. */
export interface Retained {
  step: OfferStep;
  plan?: string;
}

/** The accepted offer saved for this page, if it is still an offer step of the flow. */
function retainedOn(survey: CompiledSurvey, audience: Audience, route: string): Retained | null {
  const outcome = retainedOutcome(route);
  const step = outcome ? survey.audiences[audience].steps[outcome.offer] : undefined;
  if (!outcome || !step || !isOfferStep(step)) return null;
  return outcome.plan === undefined ? { step } : { step, plan: outcome.plan };
}

/** The engine state of `survey` for this page, restored from sessionStorage when it still fits. */
export function useSurvey(survey: CompiledSurvey, audience: Audience, route: string, served?: SurveyState): SurveyControls {
  const location = useLocation();
  const navigate = useNavigate();
  const start = survey.audiences[audience].start;
  // The answers this tab kept; else the first step the server rendered (its answer order drawn there); else a new start.
  const [state, setState] = useState<SurveyState>(
    () => restoreState(survey, audience, readSavedState(route)) ?? restoreState(survey, audience, served) ?? startSurvey(survey, audience),
  );
  const stateRef = useRef(state);
  // Set with the fresh state when the survey ends, until the URL says so (the router may apply the
  // navigation a render later): the first question never shows in between.
  const [endedAs, setEndedAs] = useState<typeof DONE_STEP | typeof RETAINED_STEP | null>(null);
  // The answer order is drawn once per visit (decision 3): keep a fresh state at once, so a reload
  // before the first answer shows the same order. Not on a finished page, which has no survey to keep.
  useEffect(() => {
    const step = new URLSearchParams(window.location.search).get(STEP_PARAM);
    if (step !== DONE_STEP && step !== RETAINED_STEP) saveState(route, stateRef.current);
  }, [route]);

  const commit = useCallback(
    (next: SurveyState) => {
      stateRef.current = next;
      saveState(route, next);
      setState(next);
    },
    [route],
  );

  const urlOf = useCallback(
    (step: StepId) => (step === start ? location.pathname : `${location.pathname}?${STEP_PARAM}=${encodeURIComponent(step)}`),
    [location.pathname, start],
  );

  // On arrival, the URL follows the state: a reload or a fresh visit resumes where the customer was.
  // Then the state follows the URL: the browser's Back returns to an earlier step of the trail, its
  // Forward to the step the current one's unchanged answers lead to; any other step in the URL
  // (Forward past a changed answer, a typed link) shows the current step.
  const urlStep = new URLSearchParams(location.search).get(STEP_PARAM) ?? start;
  const arrived = useRef(false);
  useEffect(() => {
    const firstLook = !arrived.current;
    arrived.current = true;
    if (urlStep === DONE_STEP && wasSubmitted(route)) return;
    if (urlStep === DECLARE_STEP) return;
    if (urlStep === RETAINED_STEP && retainedOn(survey, audience, route)) return;
    let next = stateRef.current;
    if (urlStep === currentOf(next)) return;
    const index = next.trail.lastIndexOf(urlStep);
    const from = (location.state as HistoryMark | null)?.from;
    if (index < 0 && !firstLook && from && JSON.stringify(from) === JSON.stringify(next.data[currentOf(next)])) {
      const forward = transition(survey, next, { type: 'continue', data: from });
      if (currentOf(forward) === urlStep && forward.status === 'answering') return commit(forward);
    }
    if (index < 0 || firstLook) {
      navigate(urlOf(currentOf(next)), { replace: true });
      return;
    }
    while (next.trail.length > index + 1) next = transition(survey, next, { type: 'back' });
    commit(next);
  }, [urlStep, location.state, survey, audience, commit, navigate, urlOf, route]);

  const edit = useCallback(
    (data: StepData) => commit(transition(survey, stateRef.current, { type: 'edit', data })),
    [survey, commit],
  );

  const advance = useCallback(
    (data: StepData) => {
      const next = transition(survey, stateRef.current, { type: 'continue', data });
      commit(next);
      navigate(urlOf(currentOf(next)), { state: { surveyDepth: next.trail.length, from: data } satisfies HistoryMark });
    },
    [survey, commit, navigate, urlOf],
  );

  const back = useCallback(() => {
    const mark = location.state as HistoryMark | null;
    if (mark?.surveyDepth === stateRef.current.trail.length) {
      // This entry was pushed by Continue from the previous step: the browser's Back is the same move.
      navigate(-1);
      return;
    }
    const next = transition(survey, stateRef.current, { type: 'back' });
    commit(next);
    navigate(urlOf(currentOf(next)), { replace: true });
  }, [survey, commit, navigate, urlOf, location.state]);

  const finish = useCallback(() => {
    markSubmitted(route);
    // A new visit starts afresh; the submitted answers are not kept anywhere.
    const fresh = startSurvey(survey, audience);
    stateRef.current = fresh;
    setState(fresh);
    setEndedAs(DONE_STEP);
    navigate(`${location.pathname}?${STEP_PARAM}=${DONE_STEP}`, { replace: true });
  }, [route, survey, audience, navigate, location.pathname]);

  const setOffers = useCallback(
    (available: StepId[]) => {
      const current = stateRef.current;
      if (current.status !== 'answering') return;
      const next = transition(survey, current, { type: 'offers', available });
      if (next.offers.join() === current.offers.join()) return;
      // An answer that led past an offer before eligibility was known stays passed by: with the
      // offer available the trail would no longer follow the graph (and a reload would drop it).
      if (restoreState(survey, audience, next) === null) return;
      commit(next);
    },
    [survey, audience, commit],
  );

  const retain = useCallback(
    (data: OfferData, from: SurveyState) => {
      const offer = currentOf(from);
      const next = transition(survey, from, { type: 'continue', data });
      if (next.status !== 'retained') throw new Error(`step '${offer}' was not an accepted offer`);
      markRetained(route, data.plan === undefined ? { offer } : { offer, plan: data.plan });
      // A new visit starts afresh; what was answered is not kept anywhere.
      const fresh = startSurvey(survey, audience);
      stateRef.current = fresh;
      setState(fresh);
      setEndedAs(RETAINED_STEP);
      navigate(`${location.pathname}?${STEP_PARAM}=${RETAINED_STEP}`, { replace: true });
    },
    [route, survey, audience, navigate, location.pathname],
  );

  const declare = useCallback(() => {
    navigate(`${location.pathname}?${STEP_PARAM}=${DECLARE_STEP}`, { state: { declaring: true } satisfies HistoryMark });
  }, [navigate, location.pathname]);

  const undeclare = useCallback(() => {
    if ((location.state as HistoryMark | null)?.declaring) navigate(-1);
    else navigate(urlOf(currentOf(stateRef.current)), { replace: true });
  }, [navigate, urlOf, location.state]);

  // Once the URL carries the end, it alone decides (Back leaves it).
  useEffect(() => {
    if (urlStep === DONE_STEP || urlStep === RETAINED_STEP) setEndedAs(null);
  }, [urlStep]);
  const done = (urlStep === DONE_STEP || endedAs === DONE_STEP) && wasSubmitted(route);
  const retained = urlStep === RETAINED_STEP || endedAs === RETAINED_STEP ? retainedOn(survey, audience, route) : null;
  const declaring = urlStep === DECLARE_STEP;
  return { state, edit, advance, back, finish, done, setOffers, retain, retained, declaring, declare, undeclare };
}
