// The checks of experiments.yaml: what each problem says (their places are in check-fixtures.test.ts),
// the policies proved on the survey each variant makes, and the experiments compiled into the bundle.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSurveyProject, compileProject, loadCheckedProject, summarize } from '../../../scripts/survey';
import type { Problem } from '../../../scripts/survey';
import { readExperiments } from '../../../scripts/survey/schema-check';
import { editedCopy, type FileEdits } from './edited-copy';

const INVALID = 'tests/fixtures/invalid';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'experiment-check-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const copyWith = (from: string, name: string, edits?: FileEdits): Promise<string> => editedCopy(scratch, from, name, edits);
const messages = (problems: readonly Problem[]): string[] => problems.map((problem) => problem.message);
const located = (problems: readonly Problem[]): [string, string, number, number][] =>
  problems.map((problem) => [problem.file.split('/').pop() ?? '', problem.code, problem.line, problem.col]);

describe('experiments.yaml on its own', () => {
  it('refuses a day that is no day of the calendar, at the day', async () => {
    const folder = await copyWith(`${INVALID}/experiment-dates`, 'no-such-day', { 'experiments.yaml': (text) => text.replace('end: 2026-09-30', 'end: 2026-02-30') });
    const problems = await checkSurveyProject([folder]);
    expect(located(problems)).toEqual([['experiments.yaml', 'experiment-dates', 6, 10]]);
    expect(messages(problems)).toEqual(['2026-02-30 is no day of the calendar']);
  });

  it('refuses a day written otherwise through the schema, with the shape it wants', async () => {
    const folder = await copyWith(`${INVALID}/experiment-dates`, 'day-shape', { 'experiments.yaml': (text) => text.replace('end: 2026-09-30', 'end: 31.10.2026') });
    const problems = await checkSurveyProject([folder]);
    expect(located(problems)).toEqual([['experiments.yaml', 'invalid-value', 6, 10]]);
    expect(messages(problems)).toEqual(["'end' cannot be '31.10.2026': use a day as YYYY-MM-DD, e.g. 2026-10-01, in UTC"]);
  });

  it('lets an experiment end on the day it starts, and another start the day after', async () => {
    const folder = await copyWith(`${INVALID}/experiment-overlap`, 'one-day', {
      'experiments.yaml': (text) => text.replace('end: 2026-10-31\n    variants:\n      - id: control\n        weight: 1\n      - id: holdout', 'end: 2026-10-14\n    variants:\n      - id: control\n        weight: 1\n      - id: holdout'),
    });
    expect(await checkSurveyProject([folder])).toEqual([]);
  });

  it('names the experiment whose days it shares', async () => {
    const problems = await checkSurveyProject([`${INVALID}/experiment-overlap`]);
    expect(messages(problems)).toEqual([
      "experiment 'discount-depth' (line 3) runs on survey 'cancellation' from 2026-10-01 to 2026-10-31; two experiments on one survey cannot share a day: " +
        'start this one after 2026-10-31, or end it before 2026-10-01',
    ]);
  });

  it('says where the first of two ids is', async () => {
    expect(messages(await checkSurveyProject([`${INVALID}/duplicate-experiment`]))).toEqual(["'discount-depth' is already the id of the experiment on line 3"]);
    expect(messages(await checkSurveyProject([`${INVALID}/duplicate-variant`]))).toEqual(["'discount' is already the id of the variant on line 10"]);
  });
});

describe('a variant against its survey', () => {
  it('says what is wrong with each name, and how to mend it', async () => {
    expect(messages(await checkSurveyProject([`${INVALID}/experiment-references`]))).toEqual([
      "'discount-ofer' is not a step of survey 'tiny' (did you mean 'discount-offer'?)",
      "'reason' is a question, not a retention offer",
      "'downgrade-offer' offers a downgrade: only a discount has a percent and months",
      "'other-services' is a text question: only a choice step's answers can be shown in a fixed order",
      "'too-cheap' is not an answer of 'reason'",
      "the order leaves out 'too-expensive': list every answer of 'reason' but Other, in the order shown",
      "'competitors' leads on by each answer: name the `answer` whose way shows the offer (will-use-other, not-sure-yet)",
      "'final' ends the survey: no step follows it, so no offer can",
      "'maybe' is not an answer of 'competitors'; its answers: will-use-other, not-sure-yet",
    ]);
  });

  it('refuses the Other answer in an order, which always stays last', async () => {
    const folder = await copyWith(`${INVALID}/experiment-unknown-survey`, 'order-other', {
      'experiments.yaml': (text) =>
        text.replace('survey: tinny', 'survey: tiny').replace('offers:\n            discount-offer: { percent: 20 }', 'order:\n            reason: [too-big, other, just-trying, too-expensive]'),
    });
    const problems = await checkSurveyProject([folder]);
    expect(located(problems)).toEqual([['experiments.yaml', 'experiment-unknown-answer', 14, 31]]);
    expect(messages(problems)).toEqual(["'other' is the Other answer, which always stays last: leave it out"]);
  });

  it('refuses an offer placed after itself, and an answer on a step with one way on', async () => {
    const folder = await copyWith(`${INVALID}/experiment-unknown-survey`, 'placements', {
      'experiments.yaml': (text) =>
        text
          .replace('survey: tinny', 'survey: tiny')
          .replace(
            'offers:\n            discount-offer: { percent: 20 }',
            'placement:\n            discount-offer: { after: discount-offer }\n            downgrade-offer: { after: other-services, answer: yes }',
          ),
    });
    expect(messages(await checkSurveyProject([folder]))).toEqual([
      'an offer cannot be shown after itself: name the step it follows',
      "'yes' is not an answer of 'other-services': it has one way on: leave `answer` out",
    ]);
  });

  it('is not looked into when the survey has problems of its own, which are reported instead', async () => {
    const folder = await copyWith(`${INVALID}/experiment-references`, 'broken-survey', { 'tiny.yaml': (text) => text.replace('next: other-services', 'next: other-service') });
    expect(located(await checkSurveyProject([folder]))).toEqual([
      ['tiny.yaml', 'unknown-step', 70, 15],
      ['tiny.yaml', 'unreachable-step', 75, 9],
    ]);
  });

  it('is not looked into when experiments.yaml has problems of its own', async () => {
    const folder = await copyWith(`${INVALID}/experiment-references`, 'broken-experiments', { 'experiments.yaml': (text) => text.replace('weight: 50', 'weight: -50') });
    expect(located(await checkSurveyProject([folder]))).toEqual([['experiments.yaml', 'invalid-value', 9, 17]]);
  });

  it('is checked against the surveys given with it: a survey alone has no experiments to answer to', async () => {
    expect(await checkSurveyProject([`${INVALID}/experiment-references/experiments.yaml`])).toEqual([]);
  });
});

describe('the policies on the survey a variant makes', () => {
  it('name the variant, the policy, its rule and line, and the way that breaks it', async () => {
    const problems = await checkSurveyProject([`${INVALID}/experiment-policy`]);
    expect(messages(problems)).toEqual(
      ['reason', 'downgrade-offer'].map(
        (step) =>
          "variant 'discount-at-the-end' breaks a policy: short allows at most 3 screens from any screen to the declared cancellation, both counted " +
          `(maxScreens: 3, ${INVALID}/experiment-policy/policies.yaml:11); for trial and paid users, from step '${step}' it takes 4 screens: ${step} → competitors → other-services → final`,
      ),
    );
  });

  it('are warnings where the policy is a draft', async () => {
    const folder = await copyWith(`${INVALID}/experiment-policy`, 'draft', { 'policies.yaml': (text) => text.replace('version: 1', 'version: 1\n    draft: true') });
    const problems = await checkSurveyProject([folder]);
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([
      ['policy-short-too-many-screens', 'warning'],
      ['policy-short-too-many-screens', 'warning'],
    ]);
  });

  it('blame the variant only for what the survey does not break already', async () => {
    // Two screens at most, a draft: the survey itself breaks the rule from the first question and both
    // offers, which it says at the survey; the variant breaks it from the competitors question too.
    const folder = await copyWith(`${INVALID}/experiment-policy`, 'draft-broken', {
      'policies.yaml': (text) => text.replace('maxScreens: 3', 'maxScreens: 2').replace('version: 1', 'version: 1\n    draft: true'),
    });
    const problems = await checkSurveyProject([folder]);
    expect(located(problems)).toEqual([
      ['experiments.yaml', 'policy-short-too-many-screens', 14, 9],
      ['tiny.yaml', 'policy-short-too-many-screens', 11, 5],
      ['tiny.yaml', 'policy-short-too-many-screens', 30, 5],
      ['tiny.yaml', 'policy-short-too-many-screens', 46, 5],
    ]);
    expect(problems[0]?.message).toContain("from step 'competitors' it takes 3 screens: competitors → other-services → final");
  });

  it('hold for a variant that keeps to them: no problem once the offer stands where the way is short', async () => {
    const folder = await copyWith(`${INVALID}/experiment-policy`, 'kept', { 'experiments.yaml': (text) => text.replace('answer: not-sure-yet', 'answer: will-use-other') });
    expect(await checkSurveyProject([folder])).toEqual([]);
  });
});

describe('the compiled experiments', () => {
  it('are the shipped file’s, each control first, in the bundle', async () => {
    const { bundle } = await compileProject(process.cwd());
    expect(bundle.experiments.map((experiment) => [experiment.id, experiment.survey, experiment.start, experiment.end])).toEqual([
      ['discount-depth-2026-10', 'cancellation', '2026-10-01', '2026-10-31'],
      ['offer-placement-2026-09', 'cancellation', '2026-09-01', '2026-09-30'],
    ]);
    const [depth] = bundle.experiments;
    expect(depth?.variants.map((variant) => [variant.id, variant.weight, variant.control])).toEqual([
      ['control', 50, true],
      ['discount-40', 25, false],
      ['fixed-order', 15, false],
      ['holdout', 10, false],
    ]);
    expect(depth?.variants[0]?.overlay).toEqual({});
    expect(depth?.variants[3]?.overlay).toEqual({ holdout: true });
  });

  it('are none in a project without experiments.yaml', async () => {
    const root = join(scratch, 'no-experiments');
    await cp('survey', join(root, 'survey'), { recursive: true });
    await rm(join(root, 'survey', 'experiments.yaml'));
    await cp('locales', join(root, 'locales'), { recursive: true });
    expect((await compileProject(root)).bundle.experiments).toEqual([]);
  });

  it('leave out what changes nothing: `holdout: false`', () => {
    const experiments = readExperiments({
      experiments: [{ id: 'a', survey: 'b', start: '2026-10-01', end: '2026-10-02', variants: [{ id: 'control', weight: 1 }, { id: 'v', weight: 1, overlay: { holdout: false, order: { s: ['x'] } } }] }],
    });
    expect(experiments?.[0]?.variants).toEqual([
      { id: 'control', weight: 1, control: true, overlay: {} },
      { id: 'v', weight: 1, control: false, overlay: { order: { s: ['x'] } } },
    ]);
    expect(readExperiments({ experiments: [{ id: 'a' }] })).toBeUndefined();
  });

  it('are counted in the checker’s summary', async () => {
    expect(summarize(await loadCheckedProject(['survey']))).toBe('survey: 6 files, 2 surveys, 10 steps, 10 toolkit pages, 6 policies, 2 experiments — no problems');
  });
});
