import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSurveyProject, formatProblem } from '../../../scripts/survey';
import type { Problem } from '../../../scripts/survey';

const INVALID = 'tests/fixtures/invalid';

/** [code, line, col] of each problem, in the order the checker prints them. */
type Expected = [string, number, number][];

/** One fixture per problem kind: each is a copy of a tiny survey (or toolkits.yaml) with one mistake. */
const FIXTURES: Record<string, Expected> = {
  'yaml-syntax.yaml': [['yaml-syntax', 47, 15]],
  'duplicate-key.yaml': [['duplicate-key', 45, 5]],
  // `*after-reasons` where the anchor above is `&after-reason`: at the alias.
  'unknown-alias.yaml': [['unknown-alias', 26, 15]],
  // Nine levels of nine aliases each: at the first alias past the limit, the first `*d`.
  'excessive-aliases.yaml': [['excessive-aliases', 90, 9]],
  'unknown-key.yaml': [['unknown-key', 29, 11]],
  'missing-key.yaml': [['missing-key', 49, 9]],
  'wrong-type.yaml': [['wrong-type', 4, 17]],
  'invalid-value.yaml': [['invalid-value', 32, 19]],
  // A tip's `link` that provider.yaml's links do not name: at the value.
  'unknown-link.yaml': [['invalid-value', 26, 17]],
  'bad-limit.yaml': [['bad-limit', 8, 18]],
  // More than the survey storage takes: the name field's limit, at its number; an answer's text, at the text.
  'payload-caps.yaml': [
    ['limit-too-high', 9, 9],
    ['text-too-long', 22, 15],
  ],
  'unknown-limit.yaml': [['unknown-limit', 60, 14]],
  'unknown-toolkit.yaml': [['unknown-toolkit', 43, 21]],
  'unknown-plan.yaml': [['unknown-plan', 47, 24]],
  // Survey texts are ICU messages: a brace left open, at the text.
  'icu-syntax.yaml': [['icu-syntax', 55, 13]],
  // {plan} in a downgrade's body, where no plan is chosen yet: at the text.
  'unknown-placeholder.yaml': [['unknown-placeholder', 45, 11]],
  // ` #2` ends the downgrade's body: at the `#`.
  'comment-in-text.yaml': [['comment-in-text', 45, 51]],
  'unknown-step.yaml': [['unknown-step', 23, 15]],
  'duplicate-step.yaml': [['duplicate-step', 53, 9]],
  'duplicate-answer.yaml': [['duplicate-answer', 52, 13]],
  'duplicate-field.yaml': [['duplicate-field', 81, 13]],
  'unreachable-step.yaml': [['unreachable-step', 53, 9]],
  'cycle.yaml': [['cycle', 61, 11]],
  // A loop with no way out: the step that enters it has no path to the form, and the loop is a cycle.
  'no-path-to-end.yaml': [
    ['no-path-to-end', 40, 9],
    ['cycle', 61, 11],
  ],
  'audience-mismatch.yaml': [['audience-mismatch', 34, 15]],
  'empty-step.yaml': [['empty-step', 45, 5]],
  // The form's comment takes the slot the competitors question (and its 3.5 text) already wrote: at its `slot`.
  'slot-reused.yaml': [['slot-reused', 82, 15]],
  // A rating whose scale ends below where it starts: at its `max`.
  'rating-scale.yaml': [['invalid-value', 40, 10]],
  // A multi step asking for more answers than it has, and leading to no step (so nothing after it is reached).
  'multi-step.yaml': [
    ['invalid-value', 18, 10],
    ['unknown-step', 32, 11],
    ['unreachable-step', 34, 9],
    ['unreachable-step', 43, 9],
  ],
  'unknown-survey': [['unknown-survey', 6, 13]],
  // Two files with one id: the second in file-name order is reported.
  'duplicate-survey': [['duplicate-survey', 2, 5]],
  'duplicate-route': [['duplicate-route', 8, 12]],
  'unknown-route': [['unknown-route', 18, 9]],
  // The area's own paths: a route, a confirm route and a redirect's `from`, each at its name.
  'reserved-route': [
    ['reserved-route', 3, 12],
    ['reserved-route', 12, 14],
    ['reserved-route', 17, 11],
  ],
  // policies.yaml on its own: a policy id written twice, at the second; a default and a country naming no policy, at the name.
  'duplicate-policy': [['duplicate-policy', 22, 9]],
  'unknown-policy': [
    ['unknown-policy', 2, 10],
    ['unknown-policy', 6, 7],
  ],
  // A withdrawal that would wait for the emailed link: at the effect.
  'withdrawal-effect': [['withdrawal-effect', 23, 13]],
  // A policy's proofs on the survey of the page that confirms by email (policy-check.test.ts says more).
  // Paid users see three screens from the first question where the policy allows two: at the step.
  'policy-too-many-screens': [['policy-short-too-many-screens', 13, 5]],
  // The same in a draft policy: a warning, at the same step.
  'policy-draft': [['policy-short-draft-too-many-screens', 13, 5]],
  // Questions are optional, but the rating says `required: true`: at the key.
  'policy-required-question': [['policy-optional-questions-required-question', 28, 5]],
  // The declaration asks the email only, but the closing form requires the name, and paid users' comment: at each field.
  // (The growth-kit page's survey requires a comment too, but that page confirms by no email.)
  'policy-closing-form-field': [
    ['policy-email-only-closing-form-field', 69, 9],
    ['policy-email-only-closing-form-field', 77, 9],
  ],
  // Offers beside the cancel control, in a policy without one: at the offer.
  'policy-no-cancel-control': [['policy-beside-cancel-no-cancel-control', 22, 5]],
  // Offers withheld, but the survey opens on one: at the offer.
  'policy-offer-not-allowed': [['policy-no-offers-offer-not-allowed', 10, 5]],
  // experiments.yaml on its own (experiment-check.test.ts says more). A weight of 0: at the value.
  'experiment-weight': [['invalid-value', 11, 17]],
  // An overlay on the control, the first variant: at the key.
  'experiment-control-overlay': [['unknown-key', 10, 9]],
  // An experiment id written twice, and a variant id written twice in one experiment: at the second.
  'duplicate-experiment': [['duplicate-experiment', 14, 9]],
  'duplicate-variant': [['duplicate-variant', 15, 13]],
  // An end before the start: at the end.
  'experiment-dates': [['experiment-dates', 6, 10]],
  // Two experiments on one survey sharing days: at the later one's start.
  'experiment-overlap': [['experiment-overlap', 28, 12]],
  // An experiment on a survey the folder does not have: at the name.
  'experiment-unknown-survey': [['experiment-unknown-survey', 4, 13]],
  // What each variant's overlay names, against the survey: at the step's key, the answer, the list or the way.
  'experiment-references': [
    ['experiment-unknown-step', 15, 13],
    ['experiment-not-an-offer', 21, 13],
    ['experiment-not-a-discount', 27, 13],
    ['experiment-not-a-choice', 33, 13],
    ['experiment-unknown-answer', 39, 59],
    ['experiment-order-incomplete', 45, 21],
    ['experiment-placement', 51, 38],
    ['experiment-placement', 57, 39],
    ['experiment-unknown-answer', 63, 59],
  ],
  // A variant whose placed offer takes the survey past the policy's three screens, from two steps: at its overlay.
  'experiment-policy': [
    ['policy-short-too-many-screens', 14, 9],
    ['policy-short-too-many-screens', 14, 9],
  ],
};

const located = (problems: Problem[]): Expected => problems.map((p) => [p.code, p.line, p.col]);

describe('survey checker on broken fixtures', () => {
  for (const [fixture, expected] of Object.entries(FIXTURES)) {
    it(`reports ${fixture} at the offending node`, async () => {
      const problems = await checkSurveyProject([`${INVALID}/${fixture}`]);
      expect(located(problems)).toEqual(expected);
    });
  }

  it('reports a survey text missing from one of the catalogs beside the survey folder, at the text', async () => {
    const problems = await checkSurveyProject(['tests/fixtures/translations/survey']);
    expect(located(problems)).toEqual([['missing-translation', 50, 15]]);
    expect(problems[0]?.message).toBe(
      "'Not sure yet' has no translation in de: run npm run i18n:extract, then translate it in locales/<language>/messages.po",
    );
  });

  it('has a fixture for every file in the invalid folder', async () => {
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(INVALID)).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  it('names the step that wrote a reused slot first, and the way there', async () => {
    const [problem] = await checkSurveyProject([`${INVALID}/slot-reused.yaml`]);
    expect(problem?.message).toBe(
      "the comment 'comment' of step 'final' writes third_question, which step 'competitors' already wrote on the way here " +
        '(reason → competitors → other-services → final); one of the two answers would be lost: give it another slot',
    );
  });

  it('says which values an offer text may name', async () => {
    const messages = async (fixture: string): Promise<string[]> =>
      (await checkSurveyProject([`${INVALID}/${fixture}`])).map((p) => p.message);
    expect(await messages('unknown-placeholder.yaml')).toEqual(["{plan} would be empty: this text is given no values (a literal brace is written '{')"]);
    expect(await messages('icu-syntax.yaml')).toEqual([
      "'You will be on the {plan plan from your next billing date.' is not a valid ICU message: invalid syntax at line 1 col 26",
    ]);
  });

  it("refuses a plural without 'other', which the page could not render for other counts, at the text", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'icu-other-'));
    try {
      cpSync('survey', folder, { recursive: true });
      const file = join(folder, 'cancellation.yaml');
      const body = 'for the next {months, plural, one {# month} other {# months}}.';
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(body);
      writeFileSync(file, text.replace(body, 'for the next {months, plural, one {# month}}.'));
      const problems = (await checkSurveyProject([folder])).filter((p) => p.code !== 'missing-translation');
      expect(problems.map((p) => [p.code, p.line, p.col, p.message])).toEqual([
        [
          'icu-syntax',
          182,
          11,
          "the plural of {months} has no 'other' form, so a count none of its forms names cannot be shown: add one, as in {months, plural, one {# …} other {# …}}",
        ],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('prints FILE:LINE:COL: error CODE: message with a suggestion for a close name', async () => {
    const [problem] = await checkSurveyProject([`${INVALID}/unknown-step.yaml`]);
    expect(problem && formatProblem(problem)).toBe(
      `${INVALID}/unknown-step.yaml:23:15: error unknown-step: 'competitor' is not a step (did you mean 'competitors'?)`,
    );
  });

  it('suggests close names for unknown keys, values, limits and surveys', async () => {
    const messages = async (fixture: string): Promise<string[]> =>
      (await checkSurveyProject([`${INVALID}/${fixture}`])).map((p) => p.message);
    expect(await messages('unknown-key.yaml')).toEqual([
      "'placehodler' is not a key of a text box (did you mean 'placeholder'?)",
    ]);
    expect((await messages('invalid-value.yaml'))[0]).toContain("(did you mean 'trial'?)");
    expect((await messages('unknown-limit.yaml'))[0]).toContain("(did you mean 'otherServices'?)");
    expect((await messages('unknown-survey'))[0]).toBe("'tinny' is not a survey (did you mean 'tiny'?)");
    expect(await messages('unknown-policy')).toEqual([
      "'spec-defualt' is not a policy of this file (did you mean 'spec-default'?)",
      "'eu-withdrawl' is not a policy of this file",
    ]);
  });

  it('checks a single survey file alone, without cross-file checks', async () => {
    // The same survey that the unknown-survey folder pairs with a broken toolkits.yaml.
    expect(await checkSurveyProject([`${INVALID}/unknown-survey/tiny.yaml`])).toEqual([]);
  });

  it('reports every problem of a file, not just the first', async () => {
    const problems = await checkSurveyProject(['tests/fixtures/several-problems.yaml']);
    expect(located(problems)).toEqual([
      ['invalid-value', 7, 3], // a limit name with an underscore: at the key
      ['bad-limit', 8, 9], // name: -80
      ['unknown-key', 16, 5], // colour:
      ['unknown-step', 21, 15], // next: fnal
      ['unknown-limit', 27, 18], // limit: coment
      ['duplicate-answer', 28, 13], // the second 'price'
      ['missing-key', 49, 5], // the text step has no input
      ['unreachable-step', 49, 9], // and nothing leads to it
    ]);
  });

  it('never throws on input of the wrong shape', async () => {
    const problems = await checkSurveyProject(['tests/fixtures/wrong-shapes.yaml']);
    expect(problems.length).toBeGreaterThan(3);
    expect(new Set(problems.map((p) => p.code))).toEqual(new Set(['wrong-type', 'missing-key', 'invalid-value']));
  });

  it('reports a missing path as a problem', async () => {
    expect(located(await checkSurveyProject(['tests/fixtures/no-such-file.yaml']))).toEqual([['read-error', 1, 1]]);
  });
});

describe('survey checker on valid input', () => {
  it('finds no problem in the valid fixtures', async () => {
    expect(await checkSurveyProject(['tests/fixtures/valid'])).toEqual([]);
  });

  it('finds no problem in the shipped survey/ folder', async () => {
    expect((await checkSurveyProject(['survey'])).map((p) => formatProblem(p))).toEqual([]);
  });
});

describe('survey:check CLI', () => {
  const tsx = 'node_modules/.bin/tsx';

  it('exits 1 and prints each problem of a broken file', () => {
    const run = spawnSync(tsx, ['scripts/survey/check.ts', `${INVALID}/unknown-step.yaml`], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout.trim().split('\n')).toEqual([
      `${INVALID}/unknown-step.yaml:23:15: error unknown-step: 'competitor' is not a step (did you mean 'competitors'?)`,
    ]);
  });

  it('prints no stack trace for bad YAML', () => {
    const run = spawnSync(tsx, ['scripts/survey/check.ts', `${INVALID}/yaml-syntax.yaml`], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^tests\/fixtures\/invalid\/yaml-syntax\.yaml:47:15: error yaml-syntax: /);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
  });

  // A file the YAML library cannot turn into data must not stop the checker from reporting the others.
  const BROKEN_ALIASES: [string, string][] = [
    ['unknown-alias.yaml', '26:15: error unknown-alias'],
    ['excessive-aliases.yaml', '90:9: error excessive-aliases'],
  ];
  for (const [broken, where] of BROKEN_ALIASES) {
    it(`reports ${broken} and the problems of another file in one run, with no stack trace`, () => {
      const run = spawnSync(tsx, ['scripts/survey/check.ts', `${INVALID}/${broken}`, `${INVALID}/unknown-step.yaml`], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^${INVALID}/${broken}:${where}: \\S`));
      expect(lines[1]).toMatch(/^tests\/fixtures\/invalid\/unknown-step\.yaml:23:15: error unknown-step: /);
      // stderr holds the count only: no "survey:check failed", no stack trace.
      expect(run.stderr).toBe('survey: 2 problems\n');
    });
  }

  it('reports only the broken file when the other file is clean', () => {
    const files = [`${INVALID}/excessive-aliases.yaml`, 'tests/fixtures/valid/tiny.yaml'];
    const run = spawnSync(tsx, ['scripts/survey/check.ts', ...files], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^tests\/fixtures\/invalid\/excessive-aliases\.yaml:90:9: error excessive-aliases: [^\n]+\n$/);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at |survey:check failed/);
  });

  it('exits 0 with a one-line summary on the shipped survey', () => {
    const run = spawnSync(tsx, ['scripts/survey/check.ts'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('survey: 7 files, 3 surveys, 13 steps, 10 toolkit pages, 6 policies, 2 experiments — no problems\n');
  });
});
