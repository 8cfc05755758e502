// Small statistics for the bench's repeated measures.

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The value below which `p` (0..1) of the values fall, by linear interpolation. */
export function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low);
}

/** 'median 812 ms (IQR 790–840, range 770–905, n=9)'. */
export function describeTimes(values: readonly number[]): string {
  const ms = (v: number) => Math.round(v).toString();
  return `median ${ms(median(values))} ms (IQR ${ms(quantile(values, 0.25))}–${ms(quantile(values, 0.75))}, range ${ms(Math.min(...values))}–${ms(Math.max(...values))}, n=${values.length})`;
}
