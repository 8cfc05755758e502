// Which experiment runs on a day and which variant a customer sees: stable per customer, and shared
// out as the weights say.
import { describe, expect, it } from 'vitest';
import { assignVariant, hash32, runningExperiment, unitHash } from '../../../src/engine';
import type { CompiledExperiment } from '../../../src/model';

const EXPERIMENT: CompiledExperiment = {
  id: 'discount-depth-2026-10',
  survey: 'cancellation',
  start: '2026-10-01',
  end: '2026-10-31',
  variants: [
    { id: 'control', weight: 50, control: true, overlay: {} },
    { id: 'discount-30', weight: 25, control: false, overlay: { offers: { 'discount-offer': { percent: 30 } } } },
    { id: 'fixed-order', weight: 15, control: false, overlay: {} },
    { id: 'holdout', weight: 10, control: false, overlay: { holdout: true } },
  ],
};

const at = (iso: string): number => Date.parse(iso);

describe('runningExperiment', () => {
  const later: CompiledExperiment = { ...EXPERIMENT, id: 'later', start: '2026-11-01', end: '2026-11-01' };
  const other: CompiledExperiment = { ...EXPERIMENT, id: 'other-survey', survey: 'growth-kit' };
  const experiments = [other, EXPERIMENT, later];

  it('runs from the first moment of its start day to the last of its end day, in UTC', () => {
    expect(runningExperiment(experiments, 'cancellation', at('2026-09-30T23:59:59.999Z'))).toBeUndefined();
    expect(runningExperiment(experiments, 'cancellation', at('2026-10-01T00:00:00.000Z'))?.id).toBe(EXPERIMENT.id);
    expect(runningExperiment(experiments, 'cancellation', at('2026-10-31T23:59:59.999Z'))?.id).toBe(EXPERIMENT.id);
    expect(runningExperiment(experiments, 'cancellation', at('2026-11-01T00:00:00.000Z'))?.id).toBe('later');
    expect(runningExperiment(experiments, 'cancellation', at('2026-11-02T00:00:00.000Z'))).toBeUndefined();
  });

  it('takes the UTC day, whatever the local time zone says', () => {
    // 1 October, 01:30 in Berlin is still 30 September in UTC.
    expect(runningExperiment(experiments, 'cancellation', at('2026-10-01T01:30:00+02:00'))).toBeUndefined();
    // 31 October, 20:00 in New York is 1 November in UTC: the later experiment's day.
    expect(runningExperiment(experiments, 'cancellation', at('2026-10-31T20:00:00-05:00'))?.id).toBe('later');
  });

  it('runs only on its own survey', () => {
    expect(runningExperiment(experiments, 'growth-kit', at('2026-10-15T12:00:00Z'))?.id).toBe('other-survey');
    expect(runningExperiment(experiments, 'feedback', at('2026-10-15T12:00:00Z'))).toBeUndefined();
    expect(runningExperiment([], 'cancellation', at('2026-10-15T12:00:00Z'))).toBeUndefined();
  });
});

describe('the hash', () => {
  it('is FNV-1a over UTF-8 bytes, finished with fmix32', () => {
    // FNV-1a of the empty text is its offset basis, 0x811c9dc5; fmix32 of that, worked out by hand.
    let h = 0x811c9dc5;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    expect(hash32('')).toBe(h >>> 0);
    // One byte: (basis ^ 0x61) * prime, the published FNV-1a of 'a' (0xe40c292c), then fmix32.
    const fnvA = 0xe40c292c;
    let m = fnvA;
    m ^= m >>> 16;
    m = Math.imul(m, 0x85ebca6b);
    m ^= m >>> 13;
    m = Math.imul(m, 0xc2b2ae35);
    m ^= m >>> 16;
    expect(hash32('a')).toBe(m >>> 0);
  });

  it('hashes the UTF-8 bytes, so a text outside ASCII differs from its code units', () => {
    expect(hash32('ü')).not.toBe(hash32('\u00fc'.normalize('NFD')));
    expect(hash32('ü')).toBe(hash32('\u00fc'));
  });

  it('maps into [0, 1)', () => {
    for (const text of ['', 'a', 'user-1', 'x'.repeat(1000)]) {
      expect(unitHash(text)).toBeGreaterThanOrEqual(0);
      expect(unitHash(text)).toBeLessThan(1);
    }
  });
});

describe('assignVariant', () => {
  it('gives a customer the same variant every time', () => {
    for (const user of ['100001', '100002', 'ann@example.com', '7']) {
      const first = assignVariant(user, EXPERIMENT).id;
      for (let i = 0; i < 5; i++) expect(assignVariant(user, EXPERIMENT).id).toBe(first);
    }
  });

  it('splits the customers of each experiment anew: the experiment id is part of the key', () => {
    const renamed = { ...EXPERIMENT, id: 'discount-depth-2026-12' };
    const users = Array.from({ length: 200 }, (_, i) => String(100000 + i));
    const moved = users.filter((user) => assignVariant(user, EXPERIMENT).id !== assignVariant(user, renamed).id);
    expect(moved.length).toBeGreaterThan(50);
  });

  it('shares 100,000 customers out within one percentage point of each weight', () => {
    const counts = new Map<string, number>();
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const { id } = assignVariant(String(100000 + i), EXPERIMENT);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const total = EXPERIMENT.variants.reduce((sum, variant) => sum + variant.weight, 0);
    for (const variant of EXPERIMENT.variants) {
      const share = (counts.get(variant.id) ?? 0) / n;
      expect(Math.abs(share - variant.weight / total), variant.id).toBeLessThan(0.01);
    }
  });

  it('reads weights as shares of their sum, which need not be 100', () => {
    const even = { ...EXPERIMENT, variants: EXPERIMENT.variants.slice(0, 2).map((variant) => ({ ...variant, weight: 3 })) };
    let control = 0;
    for (let i = 0; i < 20_000; i++) if (assignVariant(`user-${i}`, even).control) control++;
    expect(Math.abs(control / 20_000 - 0.5)).toBeLessThan(0.015);
  });

  it('refuses an experiment without variants', () => {
    expect(() => assignVariant('1', { ...EXPERIMENT, variants: [] })).toThrow("experiment 'discount-depth-2026-10' has no variants");
  });
});
