// The app's code evaluated in slices (src/app/in-slices.ts): the rest is imported only once the
// slice has loaded, and in a later task, so the two evaluations do not make one long task.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importInSlices } from '../../../src/app/in-slices';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('importInSlices', () => {
  it('imports the rest in a task after the slice, and answers with the rest', async () => {
    const order: string[] = [];
    let loadSlice: () => void = () => undefined;
    const slice = vi.fn(() => new Promise<void>((resolve) => (loadSlice = resolve)).then(() => void order.push('slice')));
    const rest = vi.fn(async () => {
      order.push('rest');
      return { start: 'the app' };
    });
    const result = importInSlices(slice, rest);
    await vi.advanceTimersByTimeAsync(0);
    expect(rest).not.toHaveBeenCalled();
    loadSlice();
    // The slice has loaded, its promise settled: the rest still waits for the next task.
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['slice']);
    expect(rest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toEqual({ start: 'the app' });
    expect(order).toEqual(['slice', 'rest']);
  });

  it('fails as the slice fails, without importing the rest', async () => {
    const rest = vi.fn(async () => 'never');
    const result = importInSlices(() => Promise.reject(new Error('chunk failed')), rest);
    await expect(result).rejects.toThrow('chunk failed');
    await vi.advanceTimersByTimeAsync(10);
    expect(rest).not.toHaveBeenCalled();
  });
});
