// survey:diff --experiment: what each variant changes against the control, in the diff's sections.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledBundle, CompiledExperiment } from '../../../src/model';
import { compileSurveyDir, diffExperiment, formatExperimentDiff } from '../../../scripts/survey-tools';

let bundle: CompiledBundle;

beforeAll(async () => {
  const outcome = await compileSurveyDir('survey');
  if ('problems' in outcome) throw new Error(`survey/ has problems:\n${outcome.problems.join('\n')}`);
  bundle = outcome.bundle;
});

const experiment = (id: string): CompiledExperiment => {
  const found = bundle.experiments.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no experiment '${id}' in survey/experiments.yaml`);
  return found;
};

describe('the shipped experiments, variant by variant', () => {
  it('say what the discount, the fixed order and the holdout change', () => {
    const depth = experiment('discount-depth-2026-10');
    expect(formatExperimentDiff(depth, diffExperiment(bundle, depth))).toBe(
      [
        "Experiment 'discount-depth-2026-10' on survey 'cancellation', 2026-10-01 to 2026-10-31 (UTC days, both included)",
        'Variants: control 50%, discount-40 25%, fixed-order 15%, holdout 10%',
        '',
        "Variant 'discount-40' (25%) against the control 'control'",
        '  Details',
        '    ~ discount-offer: now "40% off for 3 months" (was "30% off for 3 months")',
        '',
        "Variant 'fixed-order' (15%) against the control 'control'",
        '  Answer order',
        '    reason: now not-meeting-needs, not-using-now, another-account, not-sure-need, other (was not-using-now, not-meeting-needs, not-sure-need, another-account, other) (trial users only)',
        '    reason: now not-meeting-needs, not-using-now, another-account, other (was not-using-now, not-meeting-needs, another-account, other) (paid users only)',
        '  Details',
        '    - reason: "answers shown in random order, Other last"',
        '',
        "Variant 'holdout' (10%) against the control 'control'",
        '  Details',
        '    ~ discount-offer: now "on no page: passed by everywhere" (was "on: seo, all-at-once")',
        '    ~ downgrade-offer: now "on no page: passed by everywhere" (was "on: seo, all-at-once")',
      ].join('\n'),
    );
  });

  it('say where a placed offer now stands: the ways into and out of it', () => {
    const placement = experiment('offer-placement-2026-09');
    const [variant] = diffExperiment(bundle, placement);
    expect(variant?.diff?.next).toEqual([
      { step: 'why-not-using', answer: 'budget', before: 'downgrade-offer', after: 'discount-offer', audiences: ['trial', 'paid'] },
      { step: 'what-could-be-better', answer: 'price-too-high', before: 'discount-offer', after: 'competitors', audiences: ['trial', 'paid'] },
      { step: 'discount-offer', answer: 'declined', before: 'competitors', after: 'downgrade-offer', audiences: ['trial', 'paid'] },
    ]);
    // The paths pass offers by, as survey:diff's always do: moving an offer moves none of them.
    expect(variant?.diff?.paths).toEqual([]);
  });
});

describe('a variant that changes nothing', () => {
  it('says so: a second control checks the split', () => {
    const aa: CompiledExperiment = {
      id: 'split-check',
      survey: 'cancellation',
      start: '2026-01-01',
      end: '2026-01-31',
      variants: [
        { id: 'a', weight: 1, control: true, overlay: {} },
        { id: 'b', weight: 2, control: false, overlay: {} },
      ],
    };
    expect(formatExperimentDiff(aa, diffExperiment(bundle, aa)).split('\n').slice(1)).toEqual([
      'Variants: a 33.3%, b 66.7%',
      '',
      "Variant 'b' (66.7%) against the control 'a'",
      '  no changes to the survey flow',
    ]);
  });

  it('of an experiment on a survey the bundle lacks is a bug, said plainly', () => {
    const lost = { ...experiment('discount-depth-2026-10'), survey: 'gone' };
    expect(() => diffExperiment(bundle, lost)).toThrow("experiment 'discount-depth-2026-10' runs on survey 'gone', which the bundle does not have");
  });
});
