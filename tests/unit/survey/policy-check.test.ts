// The cancellation policies' proofs: each rule refused at the survey line that breaks it (the fixtures'
// places are in check-fixtures.test.ts), drafts as warnings, the shipped policies proved on the shipped
// survey, and the walk of screens they rest on.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepById } from '../../../src/engine';
import type { CancellationPolicy, CompiledSurvey } from '../../../src/model';
import { SPEC_DEFAULT } from '../../../src/model';
import { checkSurveyProject, compileProject, formatProblem, loadCheckedProject } from '../../../scripts/survey';
import type { Problem } from '../../../scripts/survey';
import { compileSurvey } from '../../../scripts/survey/compile-flow';
import { hasCancelControl, isScreen, waysToDeclaration } from '../../../scripts/survey/policy-screens';
import { editedCopy, type FileEdits } from './edited-copy';

const INVALID = 'tests/fixtures/invalid';
const tsx = 'node_modules/.bin/tsx';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'policy-check-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A copy of a folder under the scratch folder, with `edit` applied to the text of the files it names. */
const copyWith = (from: string, name: string, edits?: FileEdits): Promise<string> => editedCopy(scratch, from, name, edits);

const codes = (problems: readonly Problem[]): string[] => problems.map((problem) => problem.code);
const policyProblems = (problems: readonly Problem[]): Problem[] => problems.filter((problem) => problem.code.startsWith('policy-'));

describe('a broken rule', () => {
  it('is reported at the survey line, naming the policy, the rule and the line of policies.yaml that sets it', async () => {
    const [problem, ...rest] = await checkSurveyProject([`${INVALID}/policy-too-many-screens`]);
    expect(rest).toEqual([]);
    expect(problem && formatProblem(problem)).toBe(
      `${INVALID}/policy-too-many-screens/tiny.yaml:13:5: error policy-short-too-many-screens: short allows at most 2 screens from any ` +
        `screen to the declared cancellation, both counted (maxScreens: 2, ${INVALID}/policy-too-many-screens/policies.yaml:12); ` +
        "for paid users, from step 'reason' it takes 3 screens: reason → competitors → final",
    );
  });

  it('of a closing form names each field and how to mend it, and leaves the page without email confirmation alone', async () => {
    const problems = await checkSurveyProject([`${INVALID}/policy-closing-form-field`]);
    expect(problems.map((problem) => [problem.file.endsWith('tiny.yaml'), problem.message.split('; ')[1]])).toEqual([
      [true, "for trial and paid users, the name field 'name' of step 'final' is required, so it cannot be left out: add name to closingForm.ask"],
      [true, "for paid users, the comment field 'comment' of step 'final' is required, so it cannot be left out: make it optional, or leave it out"],
    ]);
  });

  it('of an agreement the declaration shows as information asks for a notice, at the field, and a notice meets it', async () => {
    const information = {
      'policies.yaml': (text: string) => text.replace('ask: [email]', 'ask: [name, email]').replace('agreement: gate', 'agreement: information'),
      'tiny.yaml': (text: string) => text.replace('        required: true\n', ''),
    };
    const problems = await checkSurveyProject([await copyWith(`${INVALID}/policy-closing-form-field`, 'agreement-notice', information)]);
    expect(problems.map((problem) => [problem.code, problem.line, problem.col])).toEqual([['policy-email-only-agreement-notice', 81, 9]]);
    expect(problems[0]?.message).toContain("(closingForm.agreement: information, ");
    expect(problems[0]?.message).toContain("the agreement 'agreement' of step 'final' has only a label, which asks for consent: add a `notice`");

    const told = await copyWith(`${INVALID}/policy-closing-form-field`, 'agreement-told', {
      ...information,
      'tiny.yaml': (text: string) =>
        information['tiny.yaml'](text).replace(
          'label: I agree that all my projects will be deleted after 30 days.',
          'label: I agree that all my projects will be deleted after 30 days.\n        notice: All your projects will be deleted after 30 days.',
        ),
    });
    expect(policyProblems(await checkSurveyProject([told]))).toEqual([]);
  });

  it('of required questions holds for a survey asked after the cancellation too', async () => {
    const folder = await copyWith(`${INVALID}/policy-required-question`, 'after-cancellation', {
      'policies.yaml': (text) => text.replace('survey: optional', 'survey: after-cancellation'),
    });
    const problems = await checkSurveyProject([folder]);
    expect(problems.map((problem) => [problem.code, problem.line, problem.col])).toEqual([['policy-optional-questions-required-question', 28, 5]]);
    expect(problems[0]?.message).toContain('asks the survey only once the cancellation is declared (survey: after-cancellation');
  });

  it('is not looked for in a survey with problems of its own, which are reported instead', async () => {
    const folder = await copyWith(`${INVALID}/policy-too-many-screens`, 'broken-survey', {
      'tiny.yaml': (text) => text.replace('next: other-services', 'next: other-service'),
    });
    expect(codes(await checkSurveyProject([folder]))).toEqual(['unknown-step', 'unreachable-step']);
  });

  it('is not looked for when the policies file has problems of its own', async () => {
    const folder = await copyWith(`${INVALID}/policy-too-many-screens`, 'broken-policies', {
      'policies.yaml': (text) => text.replace('default: short', 'default: shorter'),
    });
    expect(codes(await checkSurveyProject([folder]))).toEqual(['unknown-policy']);
  });
});

describe('a draft policy', () => {
  it('reports what it finds as warnings', async () => {
    const problems = await checkSurveyProject([`${INVALID}/policy-draft`]);
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([['policy-short-draft-too-many-screens', 'warning']]);
    expect(problems[0] && formatProblem(problems[0])).toMatch(/^tests\/fixtures\/invalid\/policy-draft\/tiny\.yaml:13:5: warning policy-short-draft-too-many-screens: short-draft \(a draft\) allows/);
  });

  it('lets survey:check exit 0, printing the warning and the summary', () => {
    const run = spawnSync(tsx, ['scripts/survey/check.ts', `${INVALID}/policy-draft`], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^tests\/fixtures\/invalid\/policy-draft\/tiny\.yaml:13:5: warning policy-short-draft-too-many-screens: /);
    expect(lines[1]).toBe('survey: 3 files, 1 survey, 4 steps, 1 toolkit page, 2 policies — no problems, 1 warning');
  });

  it('fails survey:check once it is no draft', async () => {
    const folder = await copyWith(`${INVALID}/policy-draft`, 'no-draft', { 'policies.yaml': (text) => text.replace('draft: true', 'draft: false') });
    const run = spawnSync(tsx, ['scripts/survey/check.ts', folder], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(': error policy-short-draft-too-many-screens: short-draft allows');
    expect(run.stderr).toBe('survey: 1 problem\n');
  });

  it('does not stop the compiler, which hands its problems back as warnings', async () => {
    const root = join(scratch, 'compile-root');
    await cp(`${INVALID}/policy-draft`, join(root, 'survey'), { recursive: true });
    await cp('survey/provider.yaml', join(root, 'survey', 'provider.yaml'));
    const { bundle, warnings } = await compileProject(root);
    expect(codes(warnings)).toEqual(['policy-short-draft-too-many-screens']);
    expect(bundle.policies.policies['short-draft']?.draft).toBe(true);
  });
});

describe('the shipped policies', () => {
  it('hold on the shipped survey', async () => {
    const problems = await checkSurveyProject(['survey']);
    expect(policyProblems(problems).map((problem) => formatProblem(problem))).toEqual([]);
  });

  it('are really proved: de-312k with one screen at most fails at every screen but the closing form', async () => {
    const folder = await copyWith('survey', 'one-screen', {
      'policies.yaml': (text) => text.replace(/(id: de-312k[\s\S]*?)maxScreens: 2/, '$1maxScreens: 1'),
    });
    const problems = policyProblems(await checkSurveyProject([folder]));
    expect(new Set(codes(problems))).toEqual(new Set(['policy-de-312k-too-many-screens']));
    const steps = problems.map((problem) => /from step '([^']+)'/.exec(problem.message)?.[1]);
    expect(steps).toEqual(['reason', 'why-not-using', 'what-could-be-better', 'why-not-sure', 'discount-offer', 'downgrade-offer', 'competitors', 'other-services']);
    expect(problems.every((problem) => problem.file.endsWith('cancellation.yaml'))).toBe(true);
  });

  it('are really proved: us-ca without its cancel control fails at each offer', async () => {
    const folder = await copyWith('survey', 'no-control', {
      'policies.yaml': (text) => text.replace(/(id: us-ca[\s\S]*?\n) {4}cancelNow:\n(?: {6}.*\n)+/, '$1'),
    });
    const all = await checkSurveyProject([folder]);
    const problems = policyProblems(all);
    expect(codes(all.filter((problem) => problem.file.endsWith('policies.yaml')))).toEqual([]);
    expect(codes(problems)).toEqual(['policy-us-ca-no-cancel-control', 'policy-us-ca-no-cancel-control']);
    expect(problems.map((problem) => /offer '([^']+)'/.exec(problem.message)?.[1])).toEqual(['discount-offer', 'downgrade-offer']);
  });
});

describe('the screens a policy shows', () => {
  let survey: CompiledSurvey;
  const policy = (rules: Partial<CancellationPolicy>): CancellationPolicy => ({ ...SPEC_DEFAULT, id: 'test', ...rules });
  const control = { label: 'Cancel now', heading: 'Cancel', submit: 'Cancel now' };

  beforeAll(async () => {
    const project = await loadCheckedProject(['survey/cancellation.yaml']);
    const def = project.files[0]?.survey;
    if (!def) throw new Error('the shipped survey did not read');
    survey = compileSurvey(def, 'survey/cancellation.yaml');
  });

  it('counts the shortest way through the survey’s own branches, each offer shown', () => {
    const ways = waysToDeclaration(survey.audiences.paid, SPEC_DEFAULT);
    expect(ways.get('final')).toEqual({ screens: 1, steps: ['final'], end: 'closing-form' });
    expect(ways.get('reason')).toEqual({ screens: 2, steps: ['reason', 'final'], end: 'closing-form' });
    expect(ways.get('discount-offer')).toEqual({ screens: 3, steps: ['discount-offer', 'competitors', 'final'], end: 'closing-form' });
  });

  it('passes withheld offers by: they are no screens, and the way goes on past them', () => {
    const withheld = policy({ offers: 'withheld' });
    const flow = survey.audiences.paid;
    const ways = waysToDeclaration(flow, withheld);
    expect(ways.has('discount-offer')).toBe(false);
    expect(isScreen(stepById(flow, 'discount-offer'), withheld)).toBe(false);
    expect(isScreen(stepById(flow, 'discount-offer'), SPEC_DEFAULT)).toBe(true);
    expect(ways.get('what-could-be-better')?.screens).toBe(2);
  });

  it('counts optional questions as two screens, but not the offer before a question', () => {
    const ways = waysToDeclaration(survey.audiences.paid, policy({ survey: 'optional' }));
    expect(ways.get('competitors')).toEqual({ screens: 2, steps: ['competitors'], end: 'unanswered' });
    expect(ways.get('discount-offer')).toEqual({ screens: 3, steps: ['discount-offer', 'competitors'], end: 'unanswered' });
  });

  it('puts the control on every screen but the declaration, or on the offers only', () => {
    const flow = survey.audiences.paid;
    const everywhere = policy({ cancelNow: { ...control, on: 'every-screen' } });
    const onOffers = policy({ cancelNow: { ...control, on: 'offers' } });
    const carriers = (rules: CancellationPolicy): string[] => flow.order.filter((id) => hasCancelControl(stepById(flow, id), rules));
    expect(carriers(everywhere)).toEqual(flow.order.filter((id) => id !== 'final'));
    expect(carriers(onOffers)).toEqual(['discount-offer', 'downgrade-offer']);
    expect(waysToDeclaration(flow, onOffers).get('discount-offer')).toEqual({ screens: 2, steps: ['discount-offer'], end: 'cancel-now' });
  });

  it('opens on the declaration after-cancellation: one screen from anywhere', () => {
    const ways = waysToDeclaration(survey.audiences.trial, policy({ survey: 'after-cancellation' }));
    expect(new Set([...ways.values()].map((way) => way.screens))).toEqual(new Set([1]));
  });
});
