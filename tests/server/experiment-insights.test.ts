// /dev/insights.json's experiments: each variant's customers and visits, and the sample-ratio check on
// the customers, whom the weights split, not on the visits, which a customer who comes back adds to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitInsights } from '../../src/server/dev/visit-insights';
import { signInToVariant, startHarness, type Harness } from './helpers/harness';
import { visitOf } from './helpers/visits';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
  harness.clock.ms = Date.parse('2026-10-15T10:00:00Z');
});
afterEach(async () => {
  await harness.stop();
});

describe('an experiment in the insights', () => {
  it('counts each variant’s customers once, and checks their split, not the visits’', async () => {
    const regular = await signInToVariant(harness, 'discount-40');
    for (let n = 0; n < 40; n++) await visitOf(regular, []);
    await visitOf(await signInToVariant(harness, 'control'), []);
    await visitOf(await signInToVariant(harness, 'control'), []);

    const response = await harness.get('/dev/insights.json?from=2026-10-15&to=2026-10-15');
    expect(response.statusCode, response.body).toBe(200);
    const [experiment] = (response.json() as VisitInsights).experiments;
    expect(experiment?.id).toBe('discount-depth-2026-10');
    expect(experiment?.variants.map((variant) => [variant.id, variant.customers, variant.visits])).toEqual([
      ['control', 2, 2],
      ['discount-40', 1, 40],
      ['fixed-order', 0, 0],
      ['holdout', 0, 0],
    ]);
    // 2 visits against 40 is far off 50:25; 2 customers against 1 is what the weights give.
    expect(experiment?.sampleRatio.mismatch).toBe(false);
    expect(experiment?.sampleRatio.p).toBeGreaterThan(0.5);

    const page = (await harness.get('/dev/insights?from=2026-10-15&to=2026-10-15')).body;
    expect(page).toContain('<th scope="col" class="num">Customers</th>');
    expect(page).toContain('The split of the customers matches the weights (chi-square 1.00');
  });
});
