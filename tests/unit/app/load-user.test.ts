import { describe, expect, it, vi } from 'vitest';
import { cancellableBindings, hasAccess, soleToolkitBinding } from '../../../src/app/access';
import { loadUser, type PageAccess } from '../../../src/app/load-user';
import type { User } from '../../../src/model';
import { compiledBundle } from '../engine/compiled';
import { user } from './users';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const seoPage: PageAccess = { kind: 'toolkit', access: { kind: 'active-toolkit', toolkit: 'seo' } };

function api(contextUser: User | null) {
  return { getContext: vi.fn(async () => ({ user: contextUser })), getCsrfToken: vi.fn(async () => 'token') };
}

describe('loadUser (spec §4)', () => {
  it('stops without a user, and without a user_id', async () => {
    for (const u of [null, user({ user_id: '' })]) {
      const calls = api(u);
      await expect(loadUser(calls, seoPage)).resolves.toEqual({ kind: 'signed-out' });
      expect(calls.getCsrfToken).not.toHaveBeenCalled();
    }
  });

  it('sends a user without an active recurring subscription to no-subscription', async () => {
    const calls = api(user({ has_active_recurring: false }));
    await expect(loadUser(calls, { kind: 'subscriber' })).resolves.toEqual({ kind: 'no-subscription' });
    expect(calls.getCsrfToken).not.toHaveBeenCalled();
  });

  it('sends a user without the page’s toolkit to no-subscription', async () => {
    await expect(loadUser(api(user({ active_toolkits: ['local'] })), seoPage)).resolves.toEqual({ kind: 'no-subscription' });
  });

  it('fetches the CSRF token and stamps the time for a user who may see the page', async () => {
    const calls = api(user());
    await expect(loadUser(calls, seoPage, () => NOW)).resolves.toEqual({ kind: 'ready', user: user(), timestamp: '2026-11-21T10:00:00.000Z' });
    expect(calls.getCsrfToken).toHaveBeenCalledOnce();
  });

  it('lets any signed-in user reach a confirm page', async () => {
    await expect(loadUser(api(user({ has_active_recurring: false })), { kind: 'signed-in' }, () => NOW)).resolves.toMatchObject({ kind: 'ready' });
  });

  it('passes a failed call on', async () => {
    const calls = { getContext: vi.fn(async () => Promise.reject(new Error('boom'))), getCsrfToken: vi.fn() };
    await expect(loadUser(calls, seoPage)).rejects.toThrow('boom');
  });
});

describe('access', () => {
  it('applies each kind of rule', () => {
    expect(hasAccess(user(), { kind: 'active-toolkit', toolkit: 'seo' })).toBe(true);
    expect(hasAccess(user(), { kind: 'active-toolkit', toolkit: 'ai' })).toBe(false);
    expect(hasAccess(user(), { kind: 'sst-permission' })).toBe(false);
    expect(hasAccess(user({ has_sst_cancellation_permission: true }), { kind: 'sst-permission' })).toBe(true);
    expect(hasAccess(user({ active_toolkits: [] }), { kind: 'any-active' })).toBe(true);
  });

  it('offers the user’s own toolkits, then all-at-once, on the main page', () => {
    const routes = cancellableBindings(user({ has_sst_cancellation_permission: true }), compiledBundle().toolkits).map((b) => b.route);
    expect(routes).toEqual(['seo', 'local', 'plan', 'all']);
  });

  it('goes straight to the page of a sole active toolkit', () => {
    const toolkits = compiledBundle().toolkits;
    expect(soleToolkitBinding(user({ active_toolkits: ['seo'] }), toolkits)?.route).toBe('seo');
    expect(soleToolkitBinding(user(), toolkits)).toBeNull();
  });
});
