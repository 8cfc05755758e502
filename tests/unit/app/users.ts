// Test support: users as the context call returns them.
import type { User } from '../../../src/model';

export function user(own: Partial<User> = {}): User {
  return {
    name: 'Ann Example',
    email: 'ann@example.com',
    user_id: 7,
    country_code: 'DE',
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
    active_toolkits: ['seo', 'local'],
    ...own,
  };
}
