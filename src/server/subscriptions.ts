// The reference server's subscription backend: a demo account is its persona's template, changed by
// what the account did since (decision 73). Cancellations confirmed take subscriptions away; an
// accepted offer or downgrade ends the eligibility it used (the downgraded plans are listed beside
// the user by the context call, since a downgrade is of one toolkit and product_group is the account's).
import type { ToolkitBinding, User } from '../model';

/** What an account did that changes its subscriptions. */
export interface AccountHistory {
  /** Toolkits whose cancellation was confirmed. */
  confirmed: readonly string[];
  /** Toolkits kept with an accepted offer or a downgrade (not withdrawn). */
  retained: readonly string[];
}

/** Whether a confirmed cancellation through this binding ends everything: all-at-once, an email-confirmed page open to any subscriber. */
export function endsEverything(binding: ToolkitBinding): boolean {
  return binding.access.kind === 'any-active' && binding.confirmRoute !== undefined;
}

/** The toolkits a confirmed cancellation through this binding ends: every email-confirmed one for all-at-once, else its own. */
export function toolkitsEndedBy(binding: ToolkitBinding, bindings: readonly ToolkitBinding[]): string[] {
  if (!endsEverything(binding)) return [binding.toolkit];
  return bindings.filter((b) => b.confirmRoute !== undefined).map((b) => b.toolkit);
}

/**
 * The user as the backend sees the account now. `offerToolkits` are the toolkits whose page offers
 * a discount or a downgrade: the account stays eligible while one of them is neither kept nor ended.
 */
export function currentUser(
  template: User,
  userId: number,
  history: AccountHistory,
  bindings: readonly ToolkitBinding[],
  offerToolkits: readonly string[],
): User {
  const ended = new Set(history.confirmed);
  const everything = bindings.some((b) => endsEverything(b) && ended.has(b.toolkit));
  const sst = bindings.find((b) => b.access.kind === 'sst-permission');
  const active = everything ? [] : template.active_toolkits.filter((toolkit) => !ended.has(toolkit));
  const stillRecurring = template.has_active_recurring && !everything && (template.active_toolkits.length === 0 || active.length > 0);
  const retained = new Set(history.retained);
  const offerOpen = offerToolkits.some((toolkit) => !retained.has(toolkit) && !ended.has(toolkit));
  return {
    ...template,
    user_id: userId,
    has_active_recurring: stillRecurring,
    active_toolkits: active,
    eligible_for_offer: template.eligible_for_offer && stillRecurring && offerOpen,
    has_sst_cancellation_permission: template.has_sst_cancellation_permission && !everything && !(sst !== undefined && ended.has(sst.toolkit)),
  };
}
