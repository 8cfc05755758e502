// A screen's code loads once, whoever asks first (the early preload or the route), and a failed
// load is asked for again next time rather than remembered.
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../src/app/lazy-screen';

const Screen = () => null;

describe('lazyScreen', () => {
  it('loads the module once and has it at hand afterwards', async () => {
    const importModule = vi.fn(async () => ({ default: Screen, extra: 1 }));
    const screen = lazyScreen(importModule);
    expect(screen.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([screen.load(), screen.load()]);
    expect(a).toBe(b);
    expect(screen.loaded()?.default).toBe(Screen);
    await screen.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load, and passes the failure on', async () => {
    const importModule = vi.fn().mockRejectedValueOnce(new Error('chunk lost')).mockResolvedValueOnce({ default: Screen });
    const screen = lazyScreen(importModule);
    await expect(screen.load()).rejects.toThrow('chunk lost');
    expect(screen.loaded()).toBeUndefined();
    await expect(screen.load()).resolves.toMatchObject({ default: Screen });
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
