// The user load started with the page's code is the one its screen takes; any other screen, or a
// second look, loads anew. Only the page's first prefetch loads: early.ts and start.tsx both ask.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api';
import type { PageAccess } from '../../../src/app/load-user';
import { user } from './users';

type EarlyUser = typeof import('../../../src/app/early-user');
let prefetchUser: EarlyUser['prefetchUser'];
let takeUserLoad: EarlyUser['takeUserLoad'];

// The module keeps the page's one prefetch: each test is a page of its own.
beforeEach(async () => {
  vi.resetModules();
  ({ prefetchUser, takeUserLoad } = await import('../../../src/app/early-user'));
});

function api(fail = false) {
  return {
    getContext: vi.fn(async () => (fail ? Promise.reject(new Error('no context')) : { user: user() })),
    getCsrfToken: vi.fn(async () => 'token'),
  } as unknown as ApiClient & { getContext: ReturnType<typeof vi.fn> };
}

const survey: PageAccess = { kind: 'toolkit', access: { kind: 'active-toolkit', toolkit: 'seo' } };

describe('prefetchUser and takeUserLoad', () => {
  it('hands the early load to the screen that asks with the same client and access rule, once', async () => {
    const client = api();
    prefetchUser(client, survey);
    const first = takeUserLoad(client, { kind: 'toolkit', access: { kind: 'active-toolkit', toolkit: 'seo' } });
    await expect(first).resolves.toMatchObject({ kind: 'ready' });
    expect(client.getContext).toHaveBeenCalledTimes(1);
    await takeUserLoad(client, survey);
    expect(client.getContext).toHaveBeenCalledTimes(2);
  });

  it('loads anew for another client', async () => {
    const early = api();
    const other = api();
    prefetchUser(early, survey);
    await takeUserLoad(other, survey);
    expect(other.getContext).toHaveBeenCalledTimes(1);
    expect(early.getContext).toHaveBeenCalledTimes(1);
  });

  it('loads anew for another access rule', async () => {
    const early = api();
    prefetchUser(early, survey);
    await takeUserLoad(early, { kind: 'subscriber' });
    expect(early.getContext).toHaveBeenCalledTimes(2);
  });

  it('starts one load however often the page asks (the early script, then main)', async () => {
    const client = api();
    prefetchUser(client, survey);
    prefetchUser(client, survey);
    prefetchUser(api(), { kind: 'subscriber' });
    await takeUserLoad(client, survey);
    expect(client.getContext).toHaveBeenCalledTimes(1);
  });

  it('passes an early failure to the screen, and is no unhandled rejection before it', async () => {
    const failing = api(true);
    prefetchUser(failing, survey);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeUserLoad(failing, survey)).rejects.toThrow('no context');
  });
});
