/**
 * The union of several ordered lists of keys, each key once, keeping every list's order: a key missing
 * from the first list is placed right after the key that precedes it in its own list. Used to show the
 * trial and paid versions of a survey (and two versions in a diff) in authored order.
 */
export function mergeOrdered(lists: readonly (readonly string[])[]): string[] {
  const merged: string[] = [];
  for (const list of lists) {
    let at = 0;
    for (const key of list) {
      const found = merged.indexOf(key);
      if (found >= 0) at = found + 1;
      else merged.splice(at++, 0, key);
    }
  }
  return merged;
}
