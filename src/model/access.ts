import type { ToolkitAccess } from './bindings';
import type { User } from './user';

/**
 * Whether the user passes a binding's access rule (spec §4, §6; DESIGN §8), beyond having an
 * active recurring subscription. One rule for the app and the server alike.
 */
export function hasAccess(user: Pick<User, 'active_toolkits' | 'has_sst_cancellation_permission'>, access: ToolkitAccess): boolean {
  switch (access.kind) {
    case 'active-toolkit':
      return user.active_toolkits.includes(access.toolkit);
    case 'sst-permission':
      return user.has_sst_cancellation_permission;
    case 'any-active':
      return true;
  }
}
