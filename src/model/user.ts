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

/** The body of the context call. */
export interface ContextResponse {
  user: User | null;
}

/** A paid user whose period is '1 month' counts as monthly paid (spec §1, §9). */
export function isMonthlyPaid(user: Pick<User, 'is_paid' | 'period'>): boolean {
  return user.is_paid && user.period === '1 month';
}
