// The statistics of an experiment's results, pure: a conversion rate's 95% interval (Wilson), the
// 95% interval of a variant's difference from the control (Newcombe's hybrid score method), and the
// sample ratio mismatch check (Pearson's chi-square goodness of fit against the weights).
import { chiSquareSurvival } from './chi-square';

/** The normal quantile of 0.975: a two-sided 95% interval. */
const Z_95 = 1.959963984540054;

/** The p-value under which the split is taken not to be the weights' (a strict threshold, as SRM checks use). */
export const SRM_THRESHOLD = 0.001;

/**
 * The fewest customers each variant must be expected to have before the split is checked: the usual
 * rule for Pearson's chi-square, whose p-value is too small on fewer (a 2-customer holdout alarmed).
 */
export const SRM_MIN_EXPECTED = 5;

/** How many of `n` customers did what is counted (kept their subscription, accepted an offer). */
export interface Conversions {
  successes: number;
  n: number;
}

export interface RateInterval {
  rate: number;
  low: number;
  high: number;
}

export interface DifferenceInterval {
  /** The variant's rate minus the control's. */
  difference: number;
  low: number;
  high: number;
}

export interface SampleRatioCheck {
  chiSquare: number;
  p: number;
  /**
   * p < SRM_THRESHOLD with every variant expected to have at least SRM_MIN_EXPECTED customers: the
   * customers were not split as the weights say, so the results are not to be trusted.
   */
  mismatch: boolean;
}

function checkCounts(successes: number, n: number): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`a count needs whole numbers 0 ≤ successes ≤ n, not ${successes} of ${n}`);
  }
}

/**
 * The rate `successes / n` with its 95% Wilson score interval, which stays inside [0, 1] and holds
 * for small counts and rates near 0 or 1, where the normal (Wald) interval does not. With n = 0 nothing
 * is known: the rate is 0 and the interval the whole of [0, 1].
 */
export function proportionInterval(successes: number, n: number): RateInterval {
  checkCounts(successes, n);
  if (n === 0) return { rate: 0, low: 0, high: 1 };
  const rate = successes / n;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / n;
  const centre = (rate + z2 / (2 * n)) / denominator;
  const half = (Z_95 / denominator) * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n));
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The 95% interval of variant − control by Newcombe's hybrid score method (his method 10, 1998): the
 * two Wilson intervals combined, which keeps the interval's coverage where Wald's falls short (small
 * groups, rates near 0 or 1). A group of n = 0 contributes its whole [0, 1].
 */
export function differenceInterval(control: Conversions, variant: Conversions): DifferenceInterval {
  const c = proportionInterval(control.successes, control.n);
  const v = proportionInterval(variant.successes, variant.n);
  const difference = v.rate - c.rate;
  return {
    difference,
    low: difference - Math.hypot(v.rate - v.low, c.high - c.rate),
    high: difference + Math.hypot(v.high - v.rate, c.rate - c.low),
  };
}

/** variant − control with its interval, or undefined while either has no visit: there is nothing to compare yet. */
export function differenceOfCounted(control: Conversions, variant: Conversions): DifferenceInterval | undefined {
  return control.n === 0 || variant.n === 0 ? undefined : differenceInterval(control, variant);
}

/** The customers each variant would have if the `observed` ones were split exactly as the weights say. */
export function expectedCounts(observed: readonly number[], weights: readonly number[]): number[] {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (total * weight) / weightSum);
}

/** Whether the split is too small to check: some variant is expected to have fewer than SRM_MIN_EXPECTED customers. */
export function tooFewToCheck(observed: readonly number[], weights: readonly number[]): boolean {
  return expectedCounts(observed, weights).some((expected) => expected < SRM_MIN_EXPECTED);
}

/**
 * Whether the customers counted in each variant fit the variants' weights: Pearson's chi-square
 * goodness of fit, k − 1 degrees of freedom for k variants, its p-value from the chi-square survival
 * function. No customer at all fits any weights (p = 1); a split too small to check
 * (`tooFewToCheck`) is never a mismatch, whatever its p.
 */
export function sampleRatioMismatch(observed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  if (observed.length !== weights.length || observed.length < 2) throw new RangeError('the check needs a count and a weight for each of at least two variants');
  if (weights.some((weight) => !(weight > 0))) throw new RangeError('every weight must be positive');
  if (observed.some((count) => !Number.isInteger(count) || count < 0)) throw new RangeError('every count must be a whole number from 0');
  const total = observed.reduce((sum, count) => sum + count, 0);
  if (total === 0) return { chiSquare: 0, p: 1, mismatch: false };
  const expected = expectedCounts(observed, weights);
  const chiSquare = observed.reduce((sum, count, index) => sum + (count - (expected[index] ?? 0)) ** 2 / (expected[index] ?? 1), 0);
  const p = chiSquareSurvival(chiSquare, observed.length - 1);
  return { chiSquare, p, mismatch: p < SRM_THRESHOLD && !tooFewToCheck(observed, weights) };
}
