import { describe, expect, it } from 'vitest';
import { targetVerdict } from '../../../scripts/bench/lighthouse-targets';

describe('targetVerdict', () => {
  it('passes scores at the targets', () => {
    expect(targetVerdict({ performance: 95, accessibility: 100, 'best-practices': 100 })).toMatch(/^meets the targets/);
  });

  it('names every score below its target', () => {
    expect(targetVerdict({ performance: 94, accessibility: 100, 'best-practices': 96 })).toBe('MISSES the targets: performance 94 < 95, best-practices 96 < 100');
  });
});
