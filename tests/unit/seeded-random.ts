// Test support: a seeded pseudo-random source (mulberry32), so a test that draws random cases draws
// the same ones on every run, and a failing case can be made again.

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  below(n: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** Each of `items` or not, as a coin falls, in their order. */
  some<T>(items: readonly T[]): T[];
}

export function randomSource(seed: number): Random {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: (items) => items[below(items.length)]!, some: (items) => items.filter(() => next() < 0.5) };
}
