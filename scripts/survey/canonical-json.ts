import { createHash } from 'node:crypto';

/** A copy of `value` with the keys of every object sorted, so its JSON is stable. `undefined` members are dropped. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}

/** Canonical JSON: sorted keys, no spaces. Two equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** Pretty, sorted JSON with a final newline, for generated files that people diff. */
export function stableJsonFile(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** A short stable hash of a value: the first 12 hex digits of the sha256 of its canonical JSON. */
export function shortHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 12);
}
