// Watches the source folders and reports the changed files in batches: editors write a file in several
// steps, so changes are collected until the folder has been quiet for a moment. Each folder of the tree
// is watched on its own, not with `recursive`: Node 20's recursive watch on Linux watches each file, and
// loses a file that an editor saves by writing a copy and renaming it over the original (vim, Emacs,
// JetBrains, gedit, `sed -i`): its later saves were never seen. A folder's own watch sees its entries
// by name, whatever replaced them.
// Links are followed, and what changes through one is reported under the link's path. An edit of a
// linked file shows only beside its target, so the target's folder is watched, for the same reason as
// above; a linked folder is watched like a folder, except one the path already passed through (a link to
// an ancestor), which would never end.
import { lstatSync, readdirSync, realpathSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
  /** The watch of each folder and linked file, by its path relative to the root (a link's own path). */
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

  /** Stops watching `path` and, for a folder, what is in it. */
  const unwatch = (path: string): void => {
    for (const [watched, watcher] of watchers) {
      if (watched !== path && !watched.startsWith(`${path}/`)) continue;
      watcher.close();
      watchers.delete(watched);
    }
  };
  const keepWatch = (path: string, watcher: FSWatcher): void => {
    // A watch that fails (its folder gone) ends; the parent's sees the folder come back.
    watcher.on('error', () => unwatch(path));
    watchers.set(path, watcher);
  };

  /** Watches `path` if it is a folder or a linked file; a plain file is seen by its folder's watch. */
  const watchEntry = (path: string): void => {
    const kind = entryKind(root, path);
    if (kind === 'folder') watchFolder(path);
    else if (kind === 'linked-file') watchLinkedFile(path);
  };

  /** Watches `dir` and every folder and linked file in it; a folder that is not there (yet) is left, and watched once it appears. */
  const watchFolder = (dir: string): void => {
    if (watchers.has(dir) || `${dir}/` === GENERATED || dir.split('/').some((part) => part.startsWith('.')) || closesCycle(root, dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(root, dir), (event, filename) => {
        if (filename !== null) entryChanged(event, `${dir}/${filename.toString()}`);
      });
    } catch {
      return; // a folder the project does not have (yet), such as locales/ in a bare checkout
    }
    keepWatch(dir, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return unwatch(dir); // removed as soon as it was made
    }
    // A plain file is seen by this folder's watch: only folders and links need a look of their own.
    for (const entry of entries) {
      if (entry.isDirectory()) watchFolder(`${dir}/${entry.name}`);
      else if (entry.isSymbolicLink()) watchEntry(`${dir}/${entry.name}`);
    }
  };

  /** Watches the target of the link `path` in the target's folder, whose watch sees a copy renamed over the target too. */
  const watchLinkedFile = (path: string): void => {
    if (watchers.has(path) || !isSource(path)) return;
    const target = realPath(root, path);
    if (target === undefined) return; // a broken link: nothing to watch
    let watcher: FSWatcher;
    try {
      watcher = watch(dirname(target), (_event, filename) => {
        if (filename !== null && filename.toString() === basename(target)) changed(path);
      });
    } catch {
      return;
    }
    keepWatch(path, watcher);
  };

  /** An entry of a watched folder changed; one made, removed, replaced or re-pointed is watched afresh. */
  const entryChanged = (event: string, path: string): void => {
    if (event === 'rename') {
      // Afresh: a watch of a folder that was removed sees nothing of the one made in its place, and the
      // watch of a re-pointed link still follows its old target.
      unwatch(path);
      const kind = entryKind(root, path);
      if (kind === 'folder') {
        watchFolder(path);
        for (const file of filesIn(root, path)) changed(file);
      } else if (kind === 'linked-file') {
        watchLinkedFile(path);
      }
    }
    changed(path);
  };

  for (const dir of options.dirs ?? WATCHED_DIRS) watchFolder(dir);
  return () => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** What `path` (relative to `root`) is, following links: a folder, a file reached through a link, or neither (a plain file, a broken link, nothing). */
function entryKind(root: string, path: string): 'folder' | 'linked-file' | undefined {
  try {
    if (statSync(join(root, path)).isDirectory()) return 'folder';
    return lstatSync(join(root, path)).isSymbolicLink() ? 'linked-file' : undefined;
  } catch {
    return undefined;
  }
}

/** Where `path` (relative to `root`) is once every link is followed; undefined when it is not there. */
function realPath(root: string, path: string): string | undefined {
  try {
    return realpathSync(join(root, path));
  } catch {
    return undefined;
  }
}

/** Whether the folder `dir` is one of the folders its path passes through (the root included), reached again by a link. */
function closesCycle(root: string, dir: string): boolean {
  const real = realPath(root, dir);
  const parts = dir.split('/');
  return real !== undefined && parts.some((_, index) => realPath(root, parts.slice(0, index).join('/')) === real);
}

/** The files under `dir` (relative to `root`), at any depth, through linked folders too. */
function filesIn(root: string, dir: string): string[] {
  if (closesCycle(root, dir)) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    const folder = entry.isDirectory() || (entry.isSymbolicLink() && entryKind(root, path) === 'folder');
    return folder ? filesIn(root, path) : [path];
  });
}
