// Sending a policy's declaration (survey/policies.yaml): the survey first where its questions were
// answered (stored as the spec's flow does, and mailed where the link confirms), then, where the
// cancellation takes effect at once or the questions were skipped, declare-cancellation. Part of the
// later screens' chunk: the first screen does not carry it.
import type { ApiClient } from '../../api';
import type { StepData, SurveyState } from '../../engine';
import type { CancellationPolicy, CompiledSurvey, DeclarationReceipt, FormStep, ToolkitBinding } from '../../model';
import { declaredName } from '../../renderer/declaration-form';
import type { ReadyUser } from '../components/WithUser';
import { randomKey, unlessTooSoon, type SubmissionAttempt } from '../submission';
import { sendSurvey } from './survey-submission';

export interface Declaration {
  survey: CompiledSurvey;
  state: SurveyState;
  binding: ToolkitBinding;
  policy: CancellationPolicy;
  ready: ReadyUser;
  api: Pick<ApiClient, 'storeSurvey' | 'sendConfirmationEmail' | 'declareCancellation'>;
  /** The closing form the declaration shapes, and what was entered on it. */
  closing: FormStep;
  data: StepData;
  /** Opened over a question: no survey is stored, the screens shown are the trail. */
  viaControl: boolean;
  /** The attempt under way (its keys survive a reload); `save` is told of every change. */
  attempt: SubmissionAttempt;
  save: (attempt: SubmissionAttempt) => void;
}

/**
 * Sends the declaration; resolves with the receipt of a cancellation that took effect at once, if it
 * did, and the seconds until the email may be sent again where one went out moments ago (a 429 counts
 * as done, decision 75).
 */
export async function sendDeclaration(d: Declaration): Promise<{ receipt?: DeclarationReceipt; resendIn?: number }> {
  let resendIn: number | undefined;
  if (!d.viaControl) {
    resendIn = await sendSurvey({ ...d, confirmByEmail: d.policy.effect === 'email-link' });
  }
  let receipt: DeclarationReceipt | undefined;
  if ((d.viaControl || d.policy.effect === 'immediate') && !d.attempt.emailSent) {
    const screens = d.viaControl ? d.state.trail : d.state.trail.slice(0, -1);
    const body = { name: declaredName(d.closing, d.data), screens };
    // The same declaration is sent again with its key; one corrected between tries (a name fixed
    // after a failure) is a request of its own, which the server would refuse under the old key.
    const declared = JSON.stringify(body);
    if (d.attempt.declarationBody !== undefined && d.attempt.declarationBody !== declared) d.attempt.declarationKey = randomKey();
    d.attempt.declarationBody = declared;
    d.save(d.attempt);
    const tooSoon = await unlessTooSoon(async () => {
      receipt = await d.api.declareCancellation(body, d.attempt.declarationKey ?? d.attempt.emailKey);
    });
    d.attempt.emailSent = true;
    d.save(d.attempt);
    resendIn = tooSoon ?? resendIn;
  }
  return { ...(receipt ? { receipt } : {}), ...(resendIn === undefined ? {} : { resendIn }) };
}
