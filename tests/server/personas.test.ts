import { describe, expect, it } from 'vitest';
import { PERSONAS, findPersona } from '../../src/server/personas';
import { USER_CONTEXT_SCHEMA_ID, ajv } from '../../src/server/validation';
import type { User } from '../../src/model';

const ALL_TOOLKITS = ['advertising', 'content', 'local', 'seo', 'social', 'traffic-and-market', 'ai'];

function user(id: string): User {
  const persona = findPersona(id);
  if (persona === undefined) throw new Error(`no persona ${id}`);
  return persona.user;
}

describe('demo personas', () => {
  for (const persona of PERSONAS) {
    it(`${persona.id} is a valid user context`, () => {
      const validate = ajv.getSchema(USER_CONTEXT_SCHEMA_ID);
      expect(validate).toBeDefined();
      const valid = validate?.({ user: persona.user });
      expect(validate?.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    });
  }

  it('have distinct user ids and emails', () => {
    expect(new Set(PERSONAS.map((p) => p.user.user_id)).size).toBe(PERSONAS.length);
    expect(new Set(PERSONAS.map((p) => p.user.email)).size).toBe(PERSONAS.length);
  });

  it('match DESIGN §7', () => {
    expect(user('paid-monthly')).toMatchObject({ is_paid: true, period: '1 month', eligible_for_offer: true, product_group: 'BUSINESS' });
    expect(user('paid-monthly').active_toolkits.slice().sort()).toEqual(ALL_TOOLKITS.slice().sort());
    expect(user('paid-annual')).toMatchObject({ is_paid: true, period: '1 year', eligible_for_offer: false });
    expect(user('paid-annual').active_toolkits).toHaveLength(ALL_TOOLKITS.length);
    expect(user('trial')).toMatchObject({ has_product: true, is_paid: false, has_active_recurring: true });
    expect(user('no-subscription')).toMatchObject({ has_active_recurring: false });
    expect(user('seo-only').active_toolkits).toEqual(['seo']);
    expect(user('sst-admin').has_sst_cancellation_permission).toBe(true);
    expect(user('sst-member').has_sst_cancellation_permission).toBe(false);
  });

  it('the schema check is real: a user missing a field fails', () => {
    const { email: _email, ...broken } = user('trial');
    expect(ajv.getSchema(USER_CONTEXT_SCHEMA_ID)?.({ user: broken })).toBe(false);
  });
});
