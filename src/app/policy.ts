// The cancellation policy a toolkit page follows (survey/policies.yaml): the one the server names in
// get-context for the customer's country, on the pages whose cancellation the customer completes.
import { SPEC_DEFAULT, type CancellationPolicy, type PolicyRef, type ToolkitBinding } from '../model';
import { bundle } from './bundle';

/** The page's policy: the server's choice where the page confirms by email and the bundle knows it; else the spec's flow. */
export function pagePolicy(binding: Pick<ToolkitBinding, 'confirmRoute'>, ref: PolicyRef | undefined): CancellationPolicy {
  if (binding.confirmRoute === undefined || ref === undefined) return SPEC_DEFAULT;
  return bundle.policies.policies[ref.id] ?? SPEC_DEFAULT;
}

/** Whether the policy's own declaration screen takes the place of the survey's closing form. */
export const replacesClosingForm = (policy: CancellationPolicy): boolean => policy.closingForm !== undefined || policy.survey === 'after-cancellation';

/** Whether the cancel-now control stands on question screens (not only beside offers). */
export const cancelNowOnEveryScreen = (policy: CancellationPolicy): boolean => policy.cancelNow?.on === 'every-screen';
