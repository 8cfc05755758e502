import type { ToolkitId, User } from '../model';

/** A demo account the development sign-in page offers. */
export interface Persona {
  /** The id used by `/dev/sign-in?persona=` (DESIGN §7, contract). */
  id: string;
  /** What the persona demonstrates, shown on /dev/. */
  description: string;
  user: User;
}

const ALL_TOOLKITS: ToolkitId[] = ['advertising', 'content', 'local', 'seo', 'social', 'traffic-and-market', 'ai'];

type Identity = Pick<User, 'name' | 'email' | 'user_id'>;

/**
 * The fields every demo user shares unless a persona says otherwise. Its country follows the spec's
 * flow (survey/policies.yaml maps no policy to Switzerland); the paid-xx personas carry the others.
 */
const BASE_USER: Omit<User, keyof Identity> = {
  country_code: 'CH',
  has_product: true,
  is_paid: true,
  has_active_recurring: true,
  period: '1 month',
  is_loyal_2020: false,
  is_loyal_2023: false,
  is_loyal_pro_2024: false,
  product_group: 'BUSINESS',
  eligible_for_offer: false,
  has_sst_cancellation_permission: false,
  active_toolkits: ALL_TOOLKITS,
};

/** A complete user: identity first (as the API shows it), then the shared fields, then the persona's own. */
function demoUser(identity: Identity, own: Partial<Omit<User, keyof Identity>> = {}): User {
  return { ...identity, ...BASE_USER, active_toolkits: [...BASE_USER.active_toolkits], ...own };
}

/** The demo personas; each `user` is a complete spec §3 user (checked against schemas/user-context.schema.json in tests). */
export const PERSONAS: readonly Persona[] = [
  {
    id: 'paid-monthly',
    description: 'Paid monthly, all toolkits, eligible for the offer (BUSINESS)',
    user: demoUser(
      { name: 'Mia Monthly', email: 'mia.monthly@example.com', user_id: 1001 },
      { eligible_for_offer: true, is_loyal_2023: true },
    ),
  },
  {
    id: 'paid-annual',
    description: 'Paid yearly, all toolkits, not eligible for the offer',
    user: demoUser(
      { name: 'Anton Annual', email: 'anton.annual@example.com', user_id: 1002 },
      { country_code: 'CA', period: '1 year', product_group: 'GURU' },
    ),
  },
  {
    id: 'trial',
    description: 'Trial: has the product, has not paid',
    user: demoUser(
      { name: 'Tara Trial', email: 'tara.trial@example.com', user_id: 1003 },
      { country_code: 'AU', is_paid: false, period: '7 days', product_group: 'PRO' },
    ),
  },
  {
    id: 'no-subscription',
    description: 'No active recurring subscription',
    user: demoUser(
      { name: 'Noah Nosub', email: 'noah.nosub@example.com', user_id: 1004 },
      {
        has_product: false,
        is_paid: false,
        has_active_recurring: false,
        period: '',
        product_group: '',
        active_toolkits: [],
      },
    ),
  },
  {
    id: 'seo-only',
    description: 'Paid monthly, only the SEO toolkit (PRO)',
    user: demoUser(
      { name: 'Sam Seo', email: 'sam.seo@example.com', user_id: 1005 },
      { product_group: 'PRO', active_toolkits: ['seo'] },
    ),
  },
  {
    id: 'sst-admin',
    description: 'SST account admin: may cancel the SST plan',
    user: demoUser(
      { name: 'Ada Admin', email: 'ada.admin@example.com', user_id: 1006 },
      { has_sst_cancellation_permission: true },
    ),
  },
  {
    id: 'sst-member',
    description: 'SST account member: may not cancel the SST plan',
    user: demoUser({ name: 'Max Member', email: 'max.member@example.com', user_id: 1007 }),
  },
  ...(
    [
      ['paid-de', 'DE', 'Dana Deutsch', 'dana.de@example.com', 1008, 'Germany: §312k BGB (cancel now, takes effect at once)'],
      ['paid-fr', 'FR', 'Félix France', 'felix.fr@example.com', 1009, 'France: the EU withdrawal function (takes effect at once)'],
      ['paid-us', 'US', 'Uma States', 'uma.us@example.com', 1010, 'United States: California’s rules (a cancel control beside every offer)'],
      ['paid-gb', 'GB', 'Gil Britain', 'gil.gb@example.com', 1011, 'United Kingdom: the DMCC draft policy (cancel now on every screen)'],
    ] as const
  ).map(
    ([id, country, name, email, userId, policy]): Persona => ({
      id,
      description: `Paid monthly, all toolkits, eligible for the offer; ${policy}`,
      user: demoUser({ name, email, user_id: userId }, { country_code: country, eligible_for_offer: true }),
    }),
  ),
];

/** The persona with this id, if any. */
export function findPersona(id: string): Persona | undefined {
  return PERSONAS.find((persona) => persona.id === id);
}
