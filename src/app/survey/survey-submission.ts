// Sending the completed survey: its payload built from the answers (spec §3), stored, and the
// confirmation email asked for where the page's link confirms (submission.ts runs the calls). Part of
// the later screens' chunk: the first screen does not carry it.
import type { ApiClient } from '../../api';
import { buildPayload, transition, type StepData, type SurveyState } from '../../engine';
import { translateSurveyText } from '../../i18n';
import type { CompiledSurvey, ToolkitBinding } from '../../model';
import type { ReadyUser } from '../components/WithUser';
import { submitSurvey, type SubmissionAttempt } from '../submission';

export { newAttempt } from '../submission';

export interface CompletedSurvey {
  survey: CompiledSurvey;
  /** The answers before the last step, and what was entered on it. */
  state: SurveyState;
  data: StepData;
  binding: ToolkitBinding;
  ready: ReadyUser;
  api: Pick<ApiClient, 'storeSurvey' | 'sendConfirmationEmail'>;
  /** Whether the confirmation email follows the stored survey. */
  confirmByEmail: boolean;
  /** The attempt under way (its keys survive a reload); `save` is told of every change. */
  attempt: SubmissionAttempt;
  save: (attempt: SubmissionAttempt) => void;
}

/** Sends the survey; resolves with the seconds until the email may be sent again, where it went out moments ago. */
export async function sendSurvey(s: CompletedSurvey): Promise<number | undefined> {
  const completed = transition(s.survey, s.state, { type: 'continue', data: s.data });
  const payload = buildPayload(s.survey, completed, { user: s.ready.user, timestamp: s.ready.timestamp, toolkit: s.binding.toolkit, translate: translateSurveyText });
  return (await submitSurvey(s.api, s.attempt, payload, s.confirmByEmail, undefined, s.save)).resendInSeconds;
}
