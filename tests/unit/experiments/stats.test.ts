// The statistics of an experiment's results, against published values.
import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, logGamma, regularizedUpperGamma } from '../../../src/server/dev/chi-square';
import { differenceInterval, differenceOfCounted, proportionInterval, sampleRatioMismatch } from '../../../src/server/dev/experiment-stats';

describe('proportionInterval: the Wilson score interval', () => {
  it('of 81 in 263 is [0.2553, 0.3662]', () => {
    const interval = proportionInterval(81, 263);
    expect(interval.rate).toBeCloseTo(81 / 263, 12);
    expect(interval.low).toBeCloseTo(0.2553, 4);
    expect(interval.high).toBeCloseTo(0.3662, 4);
  });

  it('stays inside [0, 1] at either end, where the Wald interval would collapse to a point', () => {
    expect(proportionInterval(0, 10)).toEqual({ rate: 0, low: 0, high: expect.closeTo(0.2775, 4) as number });
    const all = proportionInterval(10, 10);
    expect(all.rate).toBe(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBeCloseTo(1, 12);
    expect(all.high).toBeLessThanOrEqual(1);
  });

  it('of nobody is the whole of [0, 1], at a rate of 0', () => {
    expect(proportionInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });

  it('narrows as the count grows', () => {
    const small = proportionInterval(3, 10);
    const large = proportionInterval(300, 1000);
    expect(large.high - large.low).toBeLessThan((small.high - small.low) / 5);
  });

  it('refuses counts that are no counts', () => {
    expect(() => proportionInterval(11, 10)).toThrow(RangeError);
    expect(() => proportionInterval(-1, 10)).toThrow(RangeError);
    expect(() => proportionInterval(1.5, 10)).toThrow(RangeError);
  });
});

describe('differenceInterval: Newcombe’s hybrid score interval of variant − control', () => {
  it('of 56/70 against 48/80 is 0.2 in [0.0524, 0.3339] (Newcombe 1998, method 10)', () => {
    const interval = differenceInterval({ successes: 48, n: 80 }, { successes: 56, n: 70 });
    expect(interval.difference).toBeCloseTo(0.2, 12);
    expect(interval.low).toBeCloseTo(0.0524, 4);
    expect(interval.high).toBeCloseTo(0.3339, 4);
  });

  it('of 9/10 against 3/10 is 0.6 in [0.1705, 0.8090], wider than Wald’s on so few', () => {
    const interval = differenceInterval({ successes: 3, n: 10 }, { successes: 9, n: 10 });
    expect(interval.difference).toBeCloseTo(0.6, 12);
    expect(interval.low).toBeCloseTo(0.1705, 4);
    expect(interval.high).toBeCloseTo(0.809, 4);
  });

  it('is the mirror image with the groups swapped', () => {
    const forward = differenceInterval({ successes: 48, n: 80 }, { successes: 56, n: 70 });
    const backward = differenceInterval({ successes: 56, n: 70 }, { successes: 48, n: 80 });
    expect(backward.difference).toBeCloseTo(-forward.difference, 12);
    expect(backward.low).toBeCloseTo(-forward.high, 12);
    expect(backward.high).toBeCloseTo(-forward.low, 12);
  });
});

describe('the chi-square survival function', () => {
  it.each([
    [10.83, 1, 0.001],
    [3.841, 1, 0.05],
    [5.991, 2, 0.05],
    [7.815, 3, 0.05],
    [18.307, 10, 0.05],
  ])('P(X ≥ %f) with %i degrees of freedom is about %f', (x, df, p) => {
    expect(chiSquareSurvival(x, df)).toBeCloseTo(p, 4);
  });

  it('is 1 at 0 and falls towards 0, also where the continued fraction takes over', () => {
    expect(chiSquareSurvival(0, 3)).toBe(1);
    // pchisq(100, 50, lower.tail = FALSE) in R.
    expect(chiSquareSurvival(100, 50)).toBeCloseTo(3.4549e-5, 8);
    expect(chiSquareSurvival(300, 2)).toBeCloseTo(Math.exp(-150), 70);
  });

  it('rests on Q(a, x), which is e^(-x) for a = 1, and on ln Γ', () => {
    for (const x of [0.1, 1, 3, 20]) expect(regularizedUpperGamma(1, x)).toBeCloseTo(Math.exp(-x), 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('refuses degrees of freedom that are none', () => {
    expect(() => chiSquareSurvival(1, 0)).toThrow(RangeError);
    expect(() => chiSquareSurvival(1, 1.5)).toThrow(RangeError);
    expect(() => chiSquareSurvival(-1, 1)).toThrow(RangeError);
  });
});

describe('differenceOfCounted: a difference only between arms that have visits', () => {
  it('gives none while the control or the variant has no visit, and the interval once both have', () => {
    expect(differenceOfCounted({ successes: 0, n: 0 }, { successes: 5, n: 10 })).toBeUndefined();
    expect(differenceOfCounted({ successes: 5, n: 10 }, { successes: 0, n: 0 })).toBeUndefined();
    expect(differenceOfCounted({ successes: 48, n: 80 }, { successes: 56, n: 70 })).toEqual(differenceInterval({ successes: 48, n: 80 }, { successes: 56, n: 70 }));
  });
});

describe('sampleRatioMismatch', () => {
  it('flags 5000 against 5400 where the weights say half and half', () => {
    const check = sampleRatioMismatch([5000, 5400], [50, 50]);
    expect(check.chiSquare).toBeCloseTo(15.3846, 4);
    expect(check.p).toBeLessThan(0.001);
    expect(check.mismatch).toBe(true);
  });

  it('lets 5000 against 5050 pass', () => {
    const check = sampleRatioMismatch([5000, 5050], [50, 50]);
    expect(check.chiSquare).toBeCloseTo(0.2488, 4);
    expect(check.p).toBeCloseTo(0.618, 3);
    expect(check.mismatch).toBe(false);
  });

  it('reads the weights as shares, with k − 1 degrees of freedom', () => {
    // 50/25/15/10 of 10,000 exactly: nothing to flag.
    expect(sampleRatioMismatch([5000, 2500, 1500, 1000], [50, 25, 15, 10])).toEqual({ chiSquare: 0, p: 1, mismatch: false });
    // The holdout short by 150 of its 1000, the others over by as many between them.
    const short = sampleRatioMismatch([5100, 2550, 1500, 850], [10, 5, 3, 2]);
    expect(short.mismatch).toBe(true);
    expect(short.p).toBeCloseTo(chiSquareSurvival(short.chiSquare, 3), 15);
  });

  it('finds nothing to flag in no customers, and refuses what is no check', () => {
    expect(sampleRatioMismatch([0, 0], [1, 1])).toEqual({ chiSquare: 0, p: 1, mismatch: false });
    expect(() => sampleRatioMismatch([1], [1])).toThrow(RangeError);
    expect(() => sampleRatioMismatch([1, 2], [1])).toThrow(RangeError);
    expect(() => sampleRatioMismatch([1, 2], [1, 0])).toThrow(RangeError);
    expect(() => sampleRatioMismatch([1, -2], [1, 1])).toThrow(RangeError);
  });
});
