// Who may open which page (spec §4, §6; DESIGN §8).
import { hasAccess, type ToolkitBinding, type User } from '../model';

export { hasAccess };

/** The toolkit id of the whole-platform subscription (spec §1). */
export const ALL_AT_ONCE = 'all-at-once';

/**
 * What the main page offers (DESIGN §8): the user's own toolkit subscriptions, each with its page,
 * the sst plan where the user may cancel it, and all-at-once last.
 */
export function cancellableBindings(user: User, bindings: readonly ToolkitBinding[]): ToolkitBinding[] {
  const own = bindings.filter((b) => b.access.kind !== 'any-active' && hasAccess(user, b.access));
  const allAtOnce = bindings.filter((b) => b.toolkit === ALL_AT_ONCE);
  return [...own, ...allAtOnce];
}

/** The one toolkit page to go straight to, when the user has exactly one active toolkit. */
export function soleToolkitBinding(user: User, bindings: readonly ToolkitBinding[]): ToolkitBinding | null {
  if (user.active_toolkits.length !== 1) return null;
  const [only] = user.active_toolkits;
  return bindings.find((b) => b.access.kind === 'active-toolkit' && b.access.toolkit === only) ?? null;
}
