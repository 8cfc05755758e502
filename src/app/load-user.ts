// User loading of spec §4.
import type { ApiClient } from '../api';
import type { CancellationPolicy, CompiledSurvey, ContextResponse, PendingCancellation, ToolkitAccess, User } from '../model';
import { loadChunk } from '../monitoring/chunks';
import { hasAccess } from './access';

/** What a page asks of the user before it shows anything. */
export type PageAccess =
  /** Signed in (the confirm page: the key decides the rest). */
  | { kind: 'signed-in' }
  /** Signed in with an active recurring subscription (the main page). */
  | { kind: 'subscriber' }
  /** A subscriber who also passes the binding's rule (the toolkit pages). */
  | { kind: 'toolkit'; access: ToolkitAccess };

/** Where loading the user leads. */
export type UserLoad =
  /** No user, or a user without user_id: stop here. */
  | { kind: 'signed-out' }
  /** No active recurring subscription, or no access to this page. */
  | { kind: 'no-subscription' }
  | {
      kind: 'ready';
      user: User;
      /** When the user was loaded (ISO 8601), sent with the survey. */
      timestamp: string;
      /** The cancellations waiting for their emailed link, when there are any. */
      pending?: PendingCancellation[];
      /** The cancellation policy of the user's country, when the server sends one. */
      policy?: CancellationPolicy;
      /** Where the user is in an experiment: the survey they are shown in place of a compiled one. */
      shown?: (survey: CompiledSurvey) => CompiledSurvey;
      /**
       * The load the server rendered the first screen with: spec §4's calls are still under way, so
       * no CSRF token yet, and nothing that follows from them (a write, the offers' eligibility) starts.
       */
      served?: true;
    };

const hasUserId = (user: User) => user.user_id !== undefined && user.user_id !== null && user.user_id !== '';

/**
 * Where the user context leads on `page` (spec §4): stop without a user or user_id, no-subscription
 * without an active recurring subscription or access to the page, else the page, loaded at `timestamp`.
 * The experiments are loadUser's to apply; the server renders a first screen only without them.
 */
export function contextLoad({ user, pending_cancellations: pending, policy }: ContextResponse, page: PageAccess, timestamp: string): UserLoad {
  if (!user || !hasUserId(user)) return { kind: 'signed-out' };
  if (page.kind !== 'signed-in' && !user.has_active_recurring) return { kind: 'no-subscription' };
  if (page.kind === 'toolkit' && !hasAccess(user, page.access)) return { kind: 'no-subscription' };
  return { kind: 'ready', user, timestamp, ...(pending?.length ? { pending } : {}), ...(policy ? { policy } : {}) };
}

/**
 * Loads the user (contextLoad), and where the page may show, fetches the CSRF token and stamps the
 * time. Failed calls reject with their labelled ApiError.
 */
export async function loadUser(
  api: Pick<ApiClient, 'getContext' | 'getCsrfToken'>,
  page: PageAccess,
  now: () => Date = () => new Date(),
): Promise<UserLoad> {
  const context = await api.getContext();
  const load = contextLoad(context, page, '');
  if (load.kind !== 'ready') return load;
  const { experiments } = context;
  // The overlay's code is a chunk of its own, loaded only for a user in an experiment.
  const overlaid = experiments && loadChunk('SurveyOverlay', () => import('./overlaid-surveys')).then((module) => module.overlaidBy(experiments));
  const [shown] = await Promise.all([overlaid, api.getCsrfToken()]);
  return { ...load, timestamp: now().toISOString(), ...(shown ? { shown } : {}) };
}
