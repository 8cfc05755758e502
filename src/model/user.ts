import type { ExperimentOverlay } from './experiments';
import type { CancellationPolicy } from './policy';
/** Toolkit ids as they appear in a user's `active_toolkits` (spec §3). */
export type ToolkitId =
  | 'advertising'
  | 'content'
  | 'local'
  | 'seo'
  | 'social'
  | 'traffic-and-market'
  | 'ai';

/** Every toolkit a page can cancel: the user's toolkits, sst, and the whole platform (spec §1). */
export const CANCELLABLE_TOOLKITS = [
  'advertising',
  'content',
  'local',
  'seo',
  'social',
  'traffic-and-market',
  'ai',
  'sst',
  'all-at-once',
] as const;

/** The user returned by `GET /cancel/api/get-context/` (spec §3; schema: schemas/user-context.schema.json). */
export interface User {
  name: string;
  email: string;
  user_id: number | string;
  country_code: string;
  has_product: boolean;
  is_paid: boolean;
  has_active_recurring: boolean;
  period: string;
  is_loyal_2020: boolean;
  is_loyal_2023: boolean;
  is_loyal_pro_2024: boolean;
  product_group: string;
  eligible_for_offer: boolean;
  has_sst_cancellation_permission: boolean;
  active_toolkits: ToolkitId[];
}

/** A cancellation whose emailed link is not confirmed yet (our addition to the context call). */
export interface PendingCancellation {
  /** The toolkit id, as the survey payload names it (e.g. `seo`, `all-at-once`). */
  toolkit: string;
  /** When the last confirmation email went out (ISO 8601). */
  email_sent_at: string;
  /** Seconds until the email may be sent again; 0 when it may now. */
  resend_in_seconds: number;
}

/** The body of the context call: spec §3's user, the cancellations waiting for their link and the plans toolkits were downgraded to. */
export interface ContextResponse {
  user: User | null;
  pending_cancellations?: PendingCancellation[];
  downgrades?: { toolkit: string; plan: string }[];
  /** The cancellation policy of the user's country, with its rules (our addition; absent: the spec's flow). */
  policy?: CancellationPolicy;
  /** The user's variant of each experiment running now (our addition; absent or empty: the surveys as compiled). */
  experiments?: AssignedVariant[];
}

/** The variant of an experiment a user is shown: the survey it runs on, and its overlay. */
export interface AssignedVariant {
  survey: string;
  experiment: string;
  variant: string;
  overlay: ExperimentOverlay;
}

/** A paid user whose period is '1 month' counts as monthly paid (spec §1, §9). */
export function isMonthlyPaid(user: Pick<User, 'is_paid' | 'period'>): boolean {
  return user.is_paid && user.period === '1 month';
}
