// Watches the source folders (recursive fs.watch; Node 20 supports it on Linux, macOS and Windows) and
// reports the changed files in batches: editors write a file in several steps, so changes are collected
// until the folder has been quiet for a moment.
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** The folders a development build depends on, relative to the project root. */
export const WATCHED_DIRS = ['src', 'survey', 'locales'] as const;

/** Which files count: sources, survey YAML, catalogs. Editor swap and backup files do not. */
const RELEVANT = /\.(ts|tsx|css|json|ya?ml|po)$/;
/** Written by the rebuild itself: watching it would rebuild for ever. */
const GENERATED = 'src/generated/';
/** The tables of step kinds the survey compile writes beside the kinds (scripts/kinds/write-kinds.ts). */
const KIND_TABLE = /\/kinds\.generated\.ts$/;

/** Whether a change of `path` (relative to the root, forward slashes) should rebuild. */
export function isSource(path: string): boolean {
  return RELEVANT.test(path) && !path.startsWith(GENERATED) && !KIND_TABLE.test(path) && !path.split('/').some((part) => part.startsWith('.'));
}

/** A batch of changes: the paths (relative to the root) and when the first change was seen. */
export interface ChangeBatch {
  paths: string[];
  firstSeen: number;
}

/**
 * Calls `onBatch` with the source files changed under `root`, `quietMs` after the last change of a batch.
 * Returns a function that stops watching.
 */
export function watchSources(root: string, onBatch: (batch: ChangeBatch) => void, options: { quietMs?: number; dirs?: readonly string[] } = {}): () => void {
  const quietMs = options.quietMs ?? 25;
  let pending = new Set<string>();
  let firstSeen = 0;
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];

  const flush = (): void => {
    timer = undefined;
    const batch = { paths: [...pending].sort(), firstSeen };
    pending = new Set();
    onBatch(batch);
  };

  for (const dir of options.dirs ?? WATCHED_DIRS) {
    let watcher: FSWatcher;
    try {
      watcher = watch(join(root, dir), { recursive: true }, (_event, filename) => {
        if (filename === null) return;
        const path = `${dir}/${filename.toString().split('\\').join('/')}`;
        if (!isSource(path)) return;
        if (pending.size === 0) firstSeen = Date.now();
        pending.add(path);
        if (timer) clearTimeout(timer);
        timer = setTimeout(flush, quietMs);
      });
    } catch {
      continue; // a folder the project does not have (yet), such as locales/ in a bare checkout
    }
    watchers.push(watcher);
  }
  return () => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
