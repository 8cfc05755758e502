// JSON whose text depends only on the value: what the compiler hashes a survey by, and what an
// Idempotency-Key's request is compared by.

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
