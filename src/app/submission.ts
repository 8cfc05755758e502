// Sending a completed survey (spec §4 'Unsubscribe confirmation'): store the survey, then ask for
// the confirmation email. A retry after a failure repeats only the calls that have not succeeded,
// with the same Idempotency-Key, so a success whose answer was lost is not repeated by the server.
import { ApiError, RequestError, type ApiClient } from '../api';
import type { SurveyPayload } from '../model';

/** One attempt to submit; kept across retries, dropped once it succeeds or the answers change. */
export interface SubmissionAttempt {
  /** Idempotency-Key of the survey-storage call, for the payload in `surveyBody`. */
  surveyKey: string;
  surveyBody?: string;
  /** Idempotency-Key of send-confirmation-email, the same on every retry. */
  readonly emailKey: string;
  /** The declaration sent (a policy's, declaration-submission.ts), and its key once it was corrected between tries. */
  declarationBody?: string;
  declarationKey?: string;
  surveyStored: boolean;
  emailSent: boolean;
}

/** A random key for Idempotency-Key. */
export function randomKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** A fresh attempt. */
export function newAttempt(key: () => string = randomKey): SubmissionAttempt {
  return { surveyKey: key(), emailKey: key(), surveyStored: false, emailSent: false };
}

/** The payload without its timestamp: what the customer answered, which a reload does not change. */
const answersOf = (payload: SurveyPayload) => JSON.stringify({ ...payload, timestamp: undefined });

/** What the submission ended with: when the server says the email went out moments ago, the seconds until it may go again. */
export interface SubmissionResult {
  resendInSeconds?: number;
}

/**
 * The seconds of a 429 answer's Retry-After. The server answers 429 to a survey or an email it has
 * just had for this cancellation (a second tab, Back and submit again): done already, not a failure.
 */
function tooSoon(error: unknown): number | undefined {
  const cause = error instanceof ApiError ? error.cause : error;
  return cause instanceof RequestError && cause.status === 429 ? Math.ceil((cause.retryAfterMs ?? 0) / 1000) : undefined;
}

/** Runs `call`; a 429 counts as done, and its Retry-After is returned. */
export async function unlessTooSoon(call: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    const seconds = tooSoon(error);
    if (seconds === undefined) throw error;
    return seconds;
  }
}

/**
 * Runs the calls of an attempt that have not succeeded yet: survey storage, then (when the page
 * confirms by email) send-confirmation-email. Marks each success on the attempt, so a retry never
 * stores the same survey twice. A payload edited between tries gets a key of its own; one that
 * differs only by its timestamp (the page was reloaded and the user loaded again) is the same
 * submission, sent again exactly as before. `save` is told of every change of the attempt, before
 * each call goes out, so the attempt can outlive a reload. A 429 counts as done (decision 75).
 * Rejects with the failed call's ApiError.
 */
export async function submitSurvey(
  api: Pick<ApiClient, 'storeSurvey' | 'sendConfirmationEmail'>,
  attempt: SubmissionAttempt,
  payload: SurveyPayload,
  confirmsByEmail: boolean,
  key: () => string = randomKey,
  save: (attempt: SubmissionAttempt) => void = () => undefined,
): Promise<SubmissionResult> {
  if (!attempt.surveyStored) {
    const sent = attempt.surveyBody === undefined ? undefined : (JSON.parse(attempt.surveyBody) as SurveyPayload);
    const body = sent !== undefined && answersOf(sent) === answersOf(payload) ? sent : payload;
    if (sent !== undefined && body !== sent) attempt.surveyKey = key();
    attempt.surveyBody = JSON.stringify(body);
    save(attempt);
    await unlessTooSoon(() => api.storeSurvey(body, attempt.surveyKey));
    attempt.surveyStored = true;
    save(attempt);
  }
  if (confirmsByEmail && !attempt.emailSent) {
    const resendInSeconds = await unlessTooSoon(() => api.sendConfirmationEmail(attempt.emailKey));
    attempt.emailSent = true;
    save(attempt);
    return resendInSeconds === undefined ? {} : { resendInSeconds };
  }
  return {};
}
