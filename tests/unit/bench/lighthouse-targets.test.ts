import { describe, expect, it } from 'vitest';
import { firstScreenVerdict, targetVerdict } from '../../../scripts/bench/lighthouse-targets';

describe('targetVerdict', () => {
  it('passes scores at the targets', () => {
    expect(targetVerdict({ performance: 95, accessibility: 100, 'best-practices': 100 })).toMatch(/^meets the targets/);
  });

  it('names every score below its target', () => {
    expect(targetVerdict({ performance: 94, accessibility: 100, 'best-practices': 96 })).toBe('MISSES the targets: performance 94 < 95, best-practices 96 < 100');
  });
});

describe('firstScreenVerdict', () => {
  it('asks issue 18’s 100 in performance and accessibility, and not in best practices', () => {
    expect(firstScreenVerdict({ performance: 100, accessibility: 100, 'best-practices': 92 })).toBe('issue 18 (performance 100, accessibility 100): met');
    expect(firstScreenVerdict({ performance: 95, accessibility: 100, 'best-practices': 100 })).toBe('issue 18 (performance 100, accessibility 100): not met: performance 95 < 100');
  });
});
