// The cancellation policy a toolkit page follows (survey/policies.yaml): the one the server sends
// with the user context for the customer's country, on the pages whose cancellation the customer completes.
import { SPEC_DEFAULT, type CancellationPolicy, type ToolkitBinding } from '../model';

/** The page's policy: the server's where the page confirms by email; else (or without one) the spec's flow. */
export function pagePolicy(binding: Pick<ToolkitBinding, 'confirmRoute'>, policy: CancellationPolicy | undefined): CancellationPolicy {
  return binding.confirmRoute === undefined || policy === undefined ? SPEC_DEFAULT : policy;
}

/** Whether the policy's own declaration screen takes the place of the survey's closing form. */
export const replacesClosingForm = (policy: CancellationPolicy): boolean => policy.closingForm !== undefined || policy.survey === 'after-cancellation';

/** Whether the cancel-now control stands on question screens (not only beside offers). */
export const cancelNowOnEveryScreen = (policy: CancellationPolicy): boolean => policy.cancelNow?.on === 'every-screen';
