// Watches the source folders and reports the changed files in batches: editors write a file in several
// steps, so changes are collected until the folder has been quiet for a moment. Each folder of the tree
// is watched on its own, not with `recursive`: Node 20's recursive watch on Linux watches each file, and
// loses a file that an editor saves by writing a copy and renaming it over the original (vim, Emacs,
// JetBrains, gedit, `sed -i`): its later saves were never seen. A folder's own watch sees its entries
// by name, whatever replaced them.
import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
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
  /** The watch of each folder, by its path relative to the root. */
  const watchers = new Map<string, FSWatcher>();

  const flush = (): void => {
    timer = undefined;
    const batch = { paths: [...pending].sort(), firstSeen };
    pending = new Set();
    onBatch(batch);
  };
  const changed = (path: string): void => {
    if (!isSource(path)) return;
    if (pending.size === 0) firstSeen = Date.now();
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, quietMs);
  };
  const isFolder = (dir: string): boolean => {
    try {
      return statSync(join(root, dir)).isDirectory();
    } catch {
      return false;
    }
  };

  /** Stops watching `dir` and the folders in it. */
  const unwatch = (dir: string): void => {
    for (const [watched, watcher] of watchers) {
      if (watched !== dir && !watched.startsWith(`${dir}/`)) continue;
      watcher.close();
      watchers.delete(watched);
    }
  };

  /** Watches `dir` and every folder in it; a folder that is not there (yet) is left, and watched once it appears. */
  const watchFolder = (dir: string): void => {
    if (watchers.has(dir) || `${dir}/` === GENERATED || dir.split('/').some((part) => part.startsWith('.'))) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(root, dir), (event, filename) => {
        if (filename === null) return;
        const path = `${dir}/${filename.toString()}`;
        // A folder made, moved in or restored: watch it and what it holds (afresh: a watch of a folder
        // that was removed sees nothing of the one made in its place).
        if (event === 'rename' && isFolder(path)) {
          unwatch(path);
          watchFolder(path);
          for (const file of filesIn(root, path)) changed(file);
        } else if (event === 'rename') {
          // Gone (removed, or renamed away): so is any watch of it.
          unwatch(path);
        }
        changed(path);
      });
    } catch {
      return; // a folder the project does not have (yet), such as locales/ in a bare checkout
    }
    // A watch that fails (its folder gone) ends; the parent's sees the folder come back.
    watcher.on('error', () => unwatch(dir));
    watchers.set(dir, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return unwatch(dir); // removed as soon as it was made
    }
    for (const entry of entries) {
      if (entry.isDirectory()) watchFolder(`${dir}/${entry.name}`);
    }
  };

  for (const dir of options.dirs ?? WATCHED_DIRS) watchFolder(dir);
  return () => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** The files under `dir` (relative to `root`), at any depth. */
function filesIn(root: string, dir: string): string[] {
  try {
    return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesIn(root, `${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
    );
  } catch {
    return [];
  }
}
