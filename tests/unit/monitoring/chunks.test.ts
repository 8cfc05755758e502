import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../../src/monitoring/chunks';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('waits the spec’s 120000 ms for a chunk', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('settles with the module', async () => {
    await expect(loadChunk('MainPage', () => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('names the chunk when its import fails', async () => {
    const failure = loadChunk('SurveyPage', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')));
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toThrow('chunk failed to load: SurveyPage (Failed to fetch dynamically imported module: /x.js)');
  });

  it('gives up after the time-out, however long the import would have taken', async () => {
    vi.useFakeTimers();
    const never = loadChunk('messages-de', () => new Promise<never>(() => undefined));
    const settled = expect(never).rejects.toThrow('chunk failed to load: messages-de (timed out after 120000 ms)');
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });
});
