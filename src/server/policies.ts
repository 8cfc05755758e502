// Which cancellation policy governs a customer's cancellation (survey/policies.yaml, by country).
import { policyFor, SPEC_DEFAULT, type CancellationPolicy, type CompiledBundle, type ToolkitBinding, type User } from '../model';

/**
 * The policy of the user's `country_code`. Policies govern the pages whose cancellation the customer
 * completes (with email confirmation); a request the team processes (the Growth Kit) keeps the spec's
 * form (decision 86).
 */
export function policyOf(bundle: CompiledBundle, user: Pick<User, 'country_code'>, binding?: ToolkitBinding): CancellationPolicy {
  if (binding !== undefined && binding.confirmRoute === undefined) return SPEC_DEFAULT;
  return policyFor(bundle.policies, user.country_code);
}
