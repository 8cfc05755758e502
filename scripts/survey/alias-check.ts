import { isAlias, isCollection, isPair, isScalar, visit } from 'yaml';
import type { Document } from 'yaml';
import { closestName } from './suggest';

/**
 * The most values that aliases may stand for in one file. Each alias counts as every value it expands
 * to, so nested aliases (the "billion laughs" attack) multiply quickly; a real survey file has a few
 * hundred values in all, so this leaves room for honest reuse and stops the checks below from walking
 * (and the compiler from writing) an exponentially large tree.
 */
export const MAX_ALIAS_EXPANSION = 10_000;

/** A problem with an alias, at an offset of the YAML text. */
export interface AliasProblem {
  offset: number;
  code: 'unknown-alias' | 'excessive-aliases';
  message: string;
}

/**
 * Finds aliases that name no anchor before them, aliases inside the value they name (which would repeat
 * without end) and aliases that together expand past MAX_ALIAS_EXPANSION values. The `yaml` package
 * throws on each of these while converting the document, with no position; this points at the alias.
 * Anchors resolve as the `yaml` package resolves them: to the last node with that anchor, in document
 * order, that starts before the alias.
 */
export function checkAliases(doc: Document): AliasProblem[] {
  const problems: AliasProblem[] = [];
  const anchors = new Map<string, unknown>();
  // Expanded sizes of finished anchored nodes; a node in `open` is an ancestor of the current one.
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  let expanded = 0;
  let stopped = false;
  // Every anchor of the file, gathered once and only when some alias names none before it.
  let allAnchors: ReadonlySet<string> | undefined;

  const sizeOf = (node: unknown): number => {
    if (stopped) return 0;
    if (isAlias(node)) {
      const offset = node.range?.[0] ?? 0;
      const target = anchors.get(node.source);
      if (target === undefined) {
        allAnchors ??= anchorsIn(doc);
        problems.push({ offset, code: 'unknown-alias', message: unknownAliasMessage(node.source, allAnchors, anchors.keys()) });
        return 1;
      }
      if (open.has(target)) {
        const message = `'*${node.source}' is inside the value that '&${node.source}' names, so it would repeat without end`;
        problems.push({ offset, code: 'excessive-aliases', message });
        stopped = true;
        return 0;
      }
      const size = sizes.get(target) ?? 1;
      expanded += size;
      if (expanded > MAX_ALIAS_EXPANSION) {
        const message = `aliases make this file stand for more than ${MAX_ALIAS_EXPANSION} values (nested aliases multiply): write the values out instead`;
        problems.push({ offset, code: 'excessive-aliases', message });
        stopped = true;
      }
      return size;
    }
    if (isPair(node)) return sizeOf(node.key) + sizeOf(node.value);
    if (!isScalar(node) && !isCollection(node)) return 0;
    // Registered on entry, as `yaml` does, so an alias inside the node finds it (and is caught as endless).
    if (node.anchor) anchors.set(node.anchor, node);
    open.add(node);
    let size = 1;
    if (isCollection(node)) for (const item of node.items) size += sizeOf(item);
    open.delete(node);
    if (node.anchor) sizes.set(node, size);
    return size;
  };

  sizeOf(doc.contents);
  return problems;
}

/** Why an alias names nothing: most often its anchor comes later in the file, or is misspelt. */
function unknownAliasMessage(name: string, allAnchors: ReadonlySet<string>, anchorsBefore: Iterable<string>): string {
  if (allAnchors.has(name)) {
    return `'*${name}' comes before its anchor '&${name}': an alias can only name an anchor above it`;
  }
  // `text: *Important*`: emphasis, not an alias (an anchor's name seldom ends with '*').
  if (name.endsWith('*')) return `'*${name}' reads as an alias, which names no anchor: a text that starts with '*' must be put in quotes, as in "*${name}"`;
  const close = closestName(name, anchorsBefore);
  if (close !== undefined) return `'*${name}' names no anchor (did you mean '*${close}'?)`;
  return `'*${name}' names no anchor: mark the value to repeat with '&${name}' above it`;
}

function anchorsIn(doc: Document): Set<string> {
  const names = new Set<string>();
  visit(doc, {
    Node(_key, node) {
      if (!isAlias(node) && node.anchor) names.add(node.anchor);
    },
  });
  return names;
}
