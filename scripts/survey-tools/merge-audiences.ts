import { AUDIENCES } from '../../src/model';
import type { Audience } from '../../src/model';

/**
 * Merges changes that are the same for several audiences into one that lists them all, keeping the
 * position of the first. Changes are compared on everything but `audiences`, so a rewording seen by trial
 * and paid users is reported once, and one that only trial users see says so.
 */
export function mergeAudiences<T extends { audiences: Audience[] }>(changes: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const change of changes) {
    const { audiences, ...rest } = change;
    const key = JSON.stringify(rest, Object.keys(rest).sort());
    const seen = merged.get(key);
    if (seen) seen.audiences = AUDIENCES.filter((a) => seen.audiences.includes(a) || audiences.includes(a));
    else merged.set(key, { ...change, audiences: [...audiences] });
  }
  return [...merged.values()];
}
