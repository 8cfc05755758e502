// Loading a code chunk with the spec's time-out (§9: 120000 ms). esbuild's dynamic imports have no
// time-out of their own, so each lazy import goes through loadChunk, which also says clearly which
// chunk failed. The page's own stylesheet and main script, linked from the page, get the same time-out
// from src/app/boot.ts.

/** Spec §9: script chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk that did not load: 'chunk failed to load: SurveyPage (timed out after 120000 ms)'. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`chunk failed to load: ${chunk} (${detail})`, options);
  }
}

/**
 * Runs a lazy import and settles with it, or rejects with a ChunkLoadError naming `chunk` when the
 * import fails or takes longer than `timeoutMs`.
 */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, `timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}
