import type { CompiledSurvey, PayloadSlot, QuestionEntry, SurveyPayload, User } from '../model';
import { PAYLOAD_SLOTS } from '../model';
import { kindOf, type PathMove, type PayloadDraft } from './kinds';
import { SurveyTransitionError, type SurveyState } from './state';
import { flowOf, stepById } from './steps';

/** Turns an English survey text into the text the customer saw. */
export type Translate = (english: string) => string;

/** What the payload needs beyond the survey state. */
export interface PayloadContext {
  /** The email goes into the payload; the product group says which plans a declined downgrade showed. */
  user: Pick<User, 'email' | 'product_group'>;
  /** When the user was loaded (spec §3). */
  timestamp: string;
  toolkit: string;
  translate: Translate;
}

/** The moves of the state's trail: each step with what was chosen on it, as the payload's `path` records them. */
export function pathOf(survey: CompiledSurvey, state: SurveyState): PathMove[] {
  const flow = flowOf(survey, state);
  return state.trail.map((id) => {
    const step = stepById(flow, id);
    return kindOf(step).moveOf(step, state.data[id] ?? {});
  });
}

/**
 * The survey-storage payload of spec §3 for a completed survey: only the questions on the path
 * taken (a step left by going back is not included), English texts plus the translated ones, and
 * the path itself as step and answer ids. Each kind of step writes its own part (see ./kinds):
 * step 3.5's text is step 3's comment, an empty optional comment is not an answered question, a
 * declined offer is listed under `retention` with what it offered. The email is always the user's
 * own: the form shows it read-only.
 */
export function buildPayload(survey: CompiledSurvey, state: SurveyState, context: PayloadContext): SurveyPayload {
  if (state.status !== 'complete') throw new SurveyTransitionError('only a complete survey has a payload');
  const flow = flowOf(survey, state);
  const t = context.translate;
  const draft: PayloadDraft = {
    entries: {},
    retention: [],
    name: '',
    acceptedTerms: true,
    productGroup: context.user.product_group,
    entry: (question, answers, comment): QuestionEntry => ({
      question,
      question_translated: t(question),
      answers,
      answers_translated: answers.map(t),
      comment,
    }),
  };
  for (const id of state.trail) {
    const step = stepById(flow, id);
    kindOf(step).writePayload(step, state.data[id] ?? {}, draft);
  }
  const survey_: Partial<Record<PayloadSlot, QuestionEntry>> = {};
  for (const slot of PAYLOAD_SLOTS) {
    const value = draft.entries[slot];
    if (value) survey_[slot] = value;
  }
  return {
    timestamp: context.timestamp,
    name: draft.name,
    email: context.user.email,
    accepted_terms: draft.acceptedTerms,
    toolkit: context.toolkit,
    survey: survey_,
    ...(draft.retention.length > 0 ? { retention: draft.retention } : {}),
    path: pathOf(survey, state),
  };
}
