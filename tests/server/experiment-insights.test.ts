// /dev/insights.json's experiments: each variant's customers and visits, and the sample-ratio check on
// the customers, whom the weights split, not on the visits, which a customer who comes back adds to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleRatioMismatch, tooFewToCheck } from '../../src/server/dev/experiment-stats';
import type { VisitInsights } from '../../src/server/dev/visit-insights';
import { testBundle } from './helpers/bundle';
import { Harness, signInToVariant, startHarness } from './helpers/harness';
import { event, toDiscountOffer, VERSION, visitOf } from './helpers/visits';

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
    expect(page).toContain('Too few customers (3) to check their split against the weights: the check needs every variant to expect at least 5, and holdout expects 0.3.');
  });
});

/** The SVG of the flow picture of the page's group of `variant`. */
function flowOf(page: string, variant: string): string {
  const group = new RegExp(`<section class="visit-group"[^>]*data-variant="${variant}">([\\s\\S]*?)</section>`).exec(page)?.[1] ?? '';
  return /<svg id="group-\d+-flow"[\s\S]*?<\/svg>/.exec(group)?.[0] ?? '';
}

describe('a variant in the insights', () => {
  it('is drawn with its own arrows: an offer it places elsewhere is drawn there', async () => {
    harness.clock.ms = Date.parse('2026-09-15T10:00:00Z');
    for (let n = 0; n < 2; n++) {
      await visitOf(await signInToVariant(harness, 'discount-after-budget'), [
        event('answer', 'reason', 'not-using-now'),
        event('step', 'why-not-using'),
        event('answer', 'why-not-using', 'budget'),
        event('step', 'discount-offer'),
        event('offer-shown', 'discount-offer'),
        event('offer-declined', 'discount-offer'),
        event('step', 'downgrade-offer'),
        event('offer-shown', 'downgrade-offer'),
      ]);
    }
    const page = (await harness.get('/dev/insights?from=2026-09-15&to=2026-09-15')).body;
    const arrows = [...flowOf(page, 'discount-after-budget').matchAll(/<path class="flow-link"[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(arrows.sort()).toEqual(['discount-offer → downgrade-offer: 2', 'reason → why-not-using: 2', 'why-not-using → discount-offer: 2']);
  });

  it('names its offers with its own figures: a deeper discount by its percent', async () => {
    await visitOf(await signInToVariant(harness, 'discount-40'), [
      ...toDiscountOffer(),
    ]);
    const report = (await harness.get('/dev/insights.json?from=2026-10-15&to=2026-10-15')).json() as VisitInsights;
    const [offer] = report.groups.find((group) => group.variant === 'discount-40')?.offers ?? [];
    expect(offer?.title).toContain('40%');
  });
});

describe('an experiment over two survey versions', () => {
  it('names the versions it adds together, and gives each version’s results apart', async () => {
    const changed = structuredClone(testBundle());
    const survey = changed.surveys.cancellation;
    if (survey === undefined) throw new Error('the test bundle has no cancellation survey');
    survey.version = 'c0ffee000002';
    await visitOf(await signInToVariant(harness, 'control'), [event('stay')]);
    await visitOf(await signInToVariant(harness, 'control'), []);
    await visitOf(await signInToVariant(harness, 'discount-40'), []);
    const second = new Harness({ sharedDatabase: harness.database, bundle: changed });
    second.clock.ms = Date.parse('2026-10-15T11:00:00Z');
    await second.start();
    try {
      await visitOf(await signInToVariant(second, 'control'), [], 'seo', 'c0ffee000002');
      for (let n = 0; n < 2; n++) await visitOf(await signInToVariant(second, 'discount-40'), [event('stay')], 'seo', 'c0ffee000002');

      const [experiment] = ((await second.get('/dev/insights.json?from=2026-10-15&to=2026-10-15')).json() as VisitInsights).experiments;
      expect(experiment?.versions).toEqual([VERSION, 'c0ffee000002']);
      const figures = (variants: readonly { id: string; customers: number; visits: number; saved: number }[] | undefined) =>
        variants?.slice(0, 2).map((variant) => [variant.id, variant.customers, variant.visits, variant.saved]);
      expect(figures(experiment?.variants)).toEqual([
        ['control', 3, 3, 1],
        ['discount-40', 3, 3, 2],
      ]);
      expect(experiment?.byVersion.map((results) => [results.version, figures(results.variants)])).toEqual([
        [VERSION, [['control', 2, 2, 1], ['discount-40', 1, 1, 0]]],
        ['c0ffee000002', [['control', 1, 1, 0], ['discount-40', 2, 2, 2]]],
      ]);

      const page = (await second.get('/dev/insights?from=2026-10-15&to=2026-10-15')).body;
      const section = /<section[^>]*data-experiment="discount-depth-2026-10">[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
      expect(section).toContain(`These results add together the visits of 2 survey versions: ${VERSION}`);
      expect(section).toContain('c0ffee000002');
      expect(section).toContain('id="experiment-0-version-0-variants"');
      expect(section).toContain('id="experiment-0-version-1-variants"');
    } finally {
      await second.stop();
    }
  });
});

/** The cells of the rows of the page's table `id`, the row's name first. */
function rowsOf(page: string, id: string): string[][] {
  const body = new RegExp(`<table id="${id}">[\\s\\S]*?<tbody>([\\s\\S]*?)</tbody>`).exec(page)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((cell) => cell[1] ?? ''));
}

describe('the words of an experiment’s results', () => {
  it('give a difference in percentage points, say "no visits" for a variant without any, and name the control once', async () => {
    for (let n = 0; n < 2; n++) await visitOf(await signInToVariant(harness, 'control'), [event('stay')]);
    await visitOf(await signInToVariant(harness, 'discount-40'), []);
    const page = (await harness.get('/dev/insights?from=2026-10-15&to=2026-10-15')).body;
    const rows = rowsOf(page, 'experiment-0-variants');
    expect(rows.map((row) => row[0])).toEqual(['control', 'discount-40', 'fixed-order', 'holdout']);
    expect(rows[0]?.[5]).toBe('100.0% (34.2% to 100.0%)');
    expect(rows[1]?.[6]).toBe('-100.0 pp (-100.0 to +3.1 pp)');
    expect(rows[2]?.slice(3)).toEqual(['0', '0', 'no visits', '']);
    expect(page).toContain('the difference to the control in percentage points (pp)');
  });

  it('claim no mismatch on a split too small to check, and do on one large enough that is far off the weights', () => {
    const weights = [50, 25, 15, 10];
    // Two customers, both in the holdout: p < 0.001, but the holdout expects 0.2 of them.
    expect(sampleRatioMismatch([0, 0, 0, 2], weights)).toMatchObject({ mismatch: false });
    expect(tooFewToCheck([0, 0, 0, 2], weights)).toBe(true);
    // Enough to expect 5 in every variant, and far off the weights: that is a mismatch.
    expect(tooFewToCheck([0, 0, 0, 60], weights)).toBe(false);
    expect(sampleRatioMismatch([0, 0, 0, 60], weights).mismatch).toBe(true);
  });

  it('say a split large enough to check, and near the weights, shows no sign of a mismatch', async () => {
    for (let n = 0; n < 80; n++) await visitOf(await harness.signIn('paid-monthly'), []);
    const report = (await harness.get('/dev/insights.json?from=2026-10-15&to=2026-10-15')).json() as VisitInsights;
    expect(report.experiments[0]?.sampleRatio).toMatchObject({ mismatch: false, tooSmall: false });
    const page = (await harness.get('/dev/insights?from=2026-10-15&to=2026-10-15')).body;
    expect(page).toContain('No sign of a mismatch between the split of the 80 customers and the weights (chi-square');
    expect(page).not.toContain('matches the weights');
  });
});
