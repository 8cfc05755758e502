// The character count under a limited text box (GOV.UK character count): it informs, never blocks.

/** What the count says: characters left, or characters over the limit. */
export type CountState = { kind: 'remaining'; count: number } | { kind: 'over'; count: number };

/** Counts as the server will: by code points, so an emoji is one character. */
export function textLength(value: string | undefined | null): number {
  return value ? Array.from(value).length : 0;
}

/** The count for a box holding `value` with room for `limit` characters. */
export function countState(value: string | undefined | null, limit: number): CountState {
  const left = limit - textLength(value);
  return left >= 0 ? { kind: 'remaining', count: left } : { kind: 'over', count: -left };
}
