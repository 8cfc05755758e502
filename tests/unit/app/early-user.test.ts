// The user load started with the page's code is the one its screen takes; any other screen, or a
// second look, loads anew.
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api';
import { prefetchUser, takeUserLoad } from '../../../src/app/early-user';
import type { PageAccess } from '../../../src/app/load-user';
import { user } from './users';

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

  it('loads anew for another client or another rule', async () => {
    const early = api();
    const other = api();
    prefetchUser(early, survey);
    await takeUserLoad(other, survey);
    expect(other.getContext).toHaveBeenCalledTimes(1);
    prefetchUser(early, survey);
    await takeUserLoad(early, { kind: 'subscriber' });
    expect(early.getContext).toHaveBeenCalledTimes(3);
  });

  it('passes an early failure to the screen, and is no unhandled rejection before it', async () => {
    const failing = api(true);
    prefetchUser(failing, survey);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeUserLoad(failing, survey)).rejects.toThrow('no context');
  });
});
