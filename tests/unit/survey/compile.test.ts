import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import payloadSchema from '../../../schemas/survey-payload.schema.json';
import { flowEdges, flowNodes } from '../../../src/engine';
import { isStepOfType, type ChoiceStep, type CompiledBundle, type CompiledFlow, type CompiledStep, type FormStep, type TextStep } from '../../../src/model';
import { compiledFiles, compileSurveyProject, SurveyProblemsError, writeCompiled } from '../../../scripts/survey';

const ROOT = process.cwd();
let bundle: CompiledBundle;

beforeAll(async () => {
  bundle = await compileSurveyProject(ROOT);
});

function flow(audience: 'trial' | 'paid', survey = 'cancellation'): CompiledFlow {
  const found = bundle.surveys[survey]?.audiences[audience];
  if (!found) throw new Error(`no ${audience} flow of ${survey}`);
  return found;
}

function step<T extends CompiledStep['type']>(f: CompiledFlow, id: string, type: T): Extract<CompiledStep, { type: T }> {
  const found = f.steps[id];
  if (!found || found.type !== type) throw new Error(`no ${type} step '${id}' for ${f.audience}`);
  return found as Extract<CompiledStep, { type: T }>;
}

const choice = (f: CompiledFlow, id: string): ChoiceStep => step(f, id, 'choice');
const answerIds = (s: ChoiceStep): string[] => s.answers.map((a) => a.id);
const nextOf = (s: ChoiceStep, answer: string): string | undefined => s.answers.find((a) => a.id === answer)?.next;

describe('compiled cancellation survey (spec §3 answer tree, §4 transitions)', () => {
  it('step 1 for paid users: no "not sure if I need it", Other last', () => {
    const reason = choice(flow('paid'), 'reason');
    expect(answerIds(reason)).toEqual(['not-using-now', 'not-meeting-needs', 'another-account', 'other']);
    expect(reason.order).toBe('random');
    expect(reason.heading).toBe('We’re sorry to see you go');
    expect(reason.question).toBe('Please let us know why you’re leaving');
  });

  it('step 1 for trial users adds "not sure if I need it"', () => {
    expect(answerIds(choice(flow('trial'), 'reason'))).toEqual([
      'not-using-now',
      'not-meeting-needs',
      'not-sure-need',
      'another-account',
      'other',
    ]);
  });

  it('Other is the last answer, with a required text box of 1500 characters', () => {
    for (const audience of ['trial', 'paid'] as const) {
      for (const s of Object.values(flow(audience).steps)) {
        if (!isStepOfType(s, 'choice') || s.id === 'competitors') continue;
        const last = s.answers[s.answers.length - 1];
        expect(last).toEqual({
          id: 'other',
          text: 'Other',
          isOther: true,
          next: s.id === 'reason' ? 'competitors' : 'final',
          input: { required: true, label: expect.any(String), maxLength: 1500 },
        });
        expect(s.answers.filter((a) => a.isOther)).toHaveLength(1);
      }
    }
  });

  it('"why don’t you use it": business struggling for paid only, too early / learn SEO / just trying for trial only', () => {
    expect(answerIds(choice(flow('paid'), 'why-not-using'))).toEqual([
      'no-projects',
      'budget',
      'no-time',
      'business-struggling',
      'strategy-changed',
      'other',
    ]);
    expect(answerIds(choice(flow('trial'), 'why-not-using'))).toEqual([
      'no-projects',
      'budget',
      'no-time',
      'strategy-changed',
      'too-early',
      'learn-seo',
      'just-trying',
      'other',
    ]);
    expect(choice(flow('paid'), 'why-not-using').question).toBe('Why don’t you use it right now?');
  });

  it('"what could we have done better": improvements need text with the spec placeholder', () => {
    for (const audience of ['trial', 'paid'] as const) {
      const better = choice(flow(audience), 'what-could-be-better');
      expect(answerIds(better)).toEqual(['needs-improvements', 'poor-service', 'price-too-high', 'too-complicated', 'other']);
      expect(better.answers[0]?.input).toEqual({
        required: true,
        label: 'What should we improve?',
        placeholder: 'Please share your ideas and thoughts',
        maxLength: 1500,
      });
    }
  });

  it('"not sure if I need it" follow-up exists for trial users only', () => {
    expect(answerIds(choice(flow('trial'), 'why-not-sure'))).toEqual([
      'takes-too-much-time',
      'no-chance-in-trial',
      'just-trying',
      'other',
    ]);
    expect(flow('paid').steps['why-not-sure']).toBeUndefined();
  });

  it('the competitors question: Yes leads to step 3.5, Not sure yet to the form; no Other', () => {
    const competitors = choice(flow('paid'), 'competitors');
    expect(answerIds(competitors)).toEqual(['will-use-other', 'not-sure-yet']);
    expect(competitors.answers.map((a) => a.text)).toEqual(['Yes', 'Not sure yet']);
    expect(nextOf(competitors, 'will-use-other')).toBe('other-services');
    expect(nextOf(competitors, 'not-sure-yet')).toBe('final');
    expect(competitors.indicator).toBe(3);
  });

  it('step 3.5 (other services) takes required text of at most 250 characters and shows as step 3', () => {
    const services: TextStep = step(flow('trial'), 'other-services', 'text');
    expect(services.input).toMatchObject({ required: true, maxLength: 250 });
    expect(services.next).toBe('final');
    expect(services.indicator).toBe(3);
    expect(services.slot).toBe('third_question');
  });

  it('business struggling and another account skip the competitors question', () => {
    expect(nextOf(choice(flow('paid'), 'why-not-using'), 'business-struggling')).toBe('final');
    for (const audience of ['trial', 'paid'] as const) {
      expect(nextOf(choice(flow(audience), 'reason'), 'another-account')).toBe('final');
      // The budget and price answers lead through a retention offer, which goes on to the competitors question.
      expect(nextOf(choice(flow(audience), 'why-not-using'), 'budget')).toBe('downgrade-offer');
      expect(nextOf(choice(flow(audience), 'what-could-be-better'), 'price-too-high')).toBe('discount-offer');
    }
  });

  it('compiles the retention offers with their texts, toolkits, discount and plans', () => {
    const discount = flow('paid').steps['discount-offer'];
    const downgrade = flow('paid').steps['downgrade-offer'];
    expect(discount).toMatchObject({
      type: 'offer',
      next: 'competitors',
      accept: 'Accept offer',
      decline: 'No thanks, continue cancelling',
      offer: { kind: 'discount', percent: 30, months: 3, toolkits: ['seo', 'all-at-once'] },
    });
    expect(downgrade).toMatchObject({
      type: 'offer',
      next: 'competitors',
      offer: { kind: 'downgrade', plans: { BUSINESS: ['guru', 'pro'], GURU: ['pro'] }, planNames: { guru: 'Guru', pro: 'Pro' } },
    });
    expect(flowEdges(flow('paid'))).toContainEqual({ from: 'discount-offer', to: 'competitors', answer: 'declined', label: 'No thanks, continue cancelling' });
  });

  it('the final form has the comment for paid users only', () => {
    const paid: FormStep = step(flow('paid'), 'final', 'form');
    const trial: FormStep = step(flow('trial'), 'final', 'form');
    expect(paid.fields.map((f) => f.kind)).toEqual(['name', 'email', 'comment', 'agreement']);
    expect(trial.fields.map((f) => f.kind)).toEqual(['name', 'email', 'agreement']);
    expect(paid.fields[2]).toEqual({
      kind: 'comment',
      id: 'comment',
      label: 'Have anything else to add?',
      required: false,
      slot: 'fourth_question',
    });
    expect(paid.fields[0]).toMatchObject({ kind: 'name', maxLength: 80 });
    expect(paid.fields[1]).toMatchObject({ kind: 'email', readOnly: true });
    expect(paid.submit).toBe('Cancel subscription');
    expect(paid.indicator).toBe(4);
  });

  it('each flow holds only the steps its audience can reach, with a graph of them', () => {
    expect(Object.keys(flow('paid').steps).sort()).toEqual(
      ['competitors', 'discount-offer', 'downgrade-offer', 'final', 'other-services', 'reason', 'what-could-be-better', 'why-not-using'],
    );
    const graph = { nodes: flowNodes(flow('paid')), edges: flowEdges(flow('paid')) };
    // Nodes follow the file's order.
    expect(graph.nodes.map((n) => n.id)).toEqual(
      ['reason', 'why-not-using', 'what-could-be-better', 'discount-offer', 'downgrade-offer', 'competitors', 'other-services', 'final'],
    );
    expect(graph.nodes[0]).toEqual({ id: 'reason', type: 'choice', label: 'Please let us know why you’re leaving', indicator: 1 });
    expect(graph.edges).toContainEqual({ from: 'competitors', to: 'other-services', answer: 'will-use-other', label: 'Yes' });
    expect(graph.edges).toContainEqual({ from: 'other-services', to: 'final', label: '' });
    expect(graph.edges.some((e) => e.answer === 'not-sure-need')).toBe(false);
    expect(bundle.surveys.cancellation?.indicatorSteps).toBe(4);
    expect(bundle.surveys.cancellation?.source).toBe('survey/cancellation.yaml');
  });

  it('the growth kit is one form with a required reason', () => {
    const request: FormStep = step(flow('trial', 'growth-kit'), 'request', 'form');
    expect(request.fields.find((f) => f.kind === 'comment')).toEqual({
      kind: 'comment',
      id: 'reason',
      label: 'Why do you want to cancel the Growth Kit?',
      required: true,
      maxLength: 1500,
      slot: 'first_question',
    });
  });
});

describe('compiled step forms', () => {
  it('a choice step: answer enum in authored order, details per text box, conditional requirement', () => {
    const better = choice(flow('paid'), 'what-could-be-better');
    expect(better.form.schema).toEqual({
      type: 'object',
      required: ['answer'],
      properties: {
        answer: { type: 'string', enum: ['needs-improvements', 'poor-service', 'price-too-high', 'too-complicated', 'other'] },
        details: {
          type: 'object',
          additionalProperties: false,
          properties: { 'needs-improvements': { type: 'string' }, other: { type: 'string' } },
        },
      },
      allOf: ['needs-improvements', 'other'].map((id) => ({
        if: { properties: { answer: { const: id } }, required: ['answer'] },
        then: {
          required: ['details'],
          properties: { details: { required: [id], properties: { [id]: { type: 'string', pattern: '\\S', maxLength: 1500 } } } },
        },
      })),
    });
    expect(better.form.uiSchema).toEqual({ 'ui:field': 'ChoiceStepField' });
    expect(better.form.messages).toEqual({
      answer: { required: { key: 'chooseOption' }, enum: { key: 'chooseOption' } },
      details: { required: { key: 'fillField' } },
      'details.needs-improvements': {
        required: { key: 'fillField' },
        pattern: { key: 'fillField' },
        maxLength: { key: 'commentWithin', count: 1500 },
      },
      'details.other': {
        required: { key: 'fillField' },
        pattern: { key: 'fillField' },
        maxLength: { key: 'commentWithin', count: 1500 },
      },
    });
    expect(better.form.validatorId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('a text step: required, non-blank text within its limit', () => {
    const services = step(flow('paid'), 'other-services', 'text');
    expect(services.form.schema).toEqual({
      type: 'object',
      required: ['text'],
      properties: { text: { type: 'string', pattern: '\\S', maxLength: 250 } },
    });
    expect(services.form.uiSchema).toEqual({ 'ui:field': 'TextStepField' });
    expect(services.form.messages).toEqual({
      text: { required: { key: 'fillField' }, pattern: { key: 'fillField' }, maxLength: { key: 'commentWithin', count: 250 } },
    });
  });

  it('the closing form: one property per field, widgets and messages per kind', () => {
    const final = step(flow('paid'), 'final', 'form');
    expect(final.form.schema).toMatchObject({
      type: 'object',
      required: ['name', 'email', 'agreement'],
      properties: {
        name: { type: 'string', pattern: '\\S', maxLength: 80 },
        email: { type: 'string', maxLength: 254 },
        comment: { type: 'string' },
        agreement: { type: 'boolean', const: true },
      },
    });
    expect(final.form.uiSchema).toEqual({
      'ui:order': ['name', 'email', 'comment', 'agreement'],
      name: { 'ui:widget': 'LimitedTextWidget' },
      email: { 'ui:widget': 'ReadOnlyEmailWidget' },
      comment: { 'ui:widget': 'LimitedTextareaWidget' },
      agreement: { 'ui:widget': 'AgreementWidget' },
    });
    expect(final.form.messages).toEqual({
      name: { required: { key: 'nameRequired' }, pattern: { key: 'nameRequired' }, maxLength: { key: 'nameWithin', count: 80 } },
      email: { required: { key: 'emailRequired' }, pattern: { key: 'emailFormat' }, maxLength: { key: 'emailWithin', count: 254 } },
      agreement: { required: { key: 'agreeTerms' }, const: { key: 'agreeTerms' } },
    });
    const growth = step(flow('paid', 'growth-kit'), 'request', 'form');
    expect(growth.form.messages.reason).toEqual({
      required: { key: 'commentRequired' },
      pattern: { key: 'commentRequired' },
      maxLength: { key: 'commentWithin', count: 1500 },
    });
  });

  it('the email field of every closing form has the payload schema\'s email pattern', () => {
    const forms = Object.values(bundle.surveys).flatMap((survey) =>
      Object.values(survey.audiences).flatMap((f) => Object.values(f.steps).filter((s): s is FormStep => isStepOfType(s, 'form'))),
    );
    expect(forms.length).toBeGreaterThanOrEqual(4);
    const pattern = payloadSchema.properties.email.pattern;
    expect(pattern).toMatch(/@/);
    for (const form of forms) {
      const properties = form.form.schema.properties as Record<string, { pattern?: unknown }>;
      expect(properties.email?.pattern, form.id).toBe(pattern);
    }
  });

  it('identical schemas share one validator id; different ones do not', () => {
    const paidFinal = step(flow('paid'), 'final', 'form').form.validatorId;
    const trialFinal = step(flow('trial'), 'final', 'form').form.validatorId;
    expect(paidFinal).not.toBe(trialFinal);
    expect(step(flow('paid'), 'other-services', 'text').form.validatorId).toBe(
      step(flow('trial'), 'other-services', 'text').form.validatorId,
    );
  });
});

describe('compiled bindings', () => {
  it('maps api, confirm and access as toolkits.yaml documents', () => {
    const byRoute = Object.fromEntries(bundle.toolkits.map((t) => [t.route, t]));
    expect(byRoute.all).toEqual({
      route: 'all',
      toolkit: 'all-at-once',
      name: 'All tools',
      apiSegment: bundle.provider.segment,
      confirmRoute: 'all',
      survey: 'cancellation',
      access: { kind: 'any-active' },
    });
    expect(byRoute.seo).toMatchObject({ apiSegment: 'seo', confirmRoute: 'seo', access: { kind: 'active-toolkit', toolkit: 'seo' } });
    expect(byRoute.plan).toMatchObject({ toolkit: 'sst', apiSegment: 'sst', confirmRoute: 'sst', labelPrefix: 'SST', access: { kind: 'sst-permission' } });
    expect(byRoute['traffic-and-market']).toMatchObject({ apiSegment: 'traffic-and-market', labelPrefix: 'Trends' });
    expect(byRoute['growth-kit']?.confirmRoute).toBeUndefined();
    expect(byRoute.advertising?.appName).toBe('advertising');
    expect(bundle.redirects).toEqual([
      { from: 'trends', to: 'traffic-and-market' },
      { from: 'agency-growth-kit', to: 'growth-kit' },
    ]);
    expect(bundle.provider.resendCountdownSeconds).toBe(60);
  });
});

describe('compiler output', () => {
  it('is byte-identical when compiled twice', async () => {
    const first = await compiledFiles(ROOT);
    const second = await compiledFiles(ROOT);
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [path, content] of first) expect(second.get(path), path).toBe(content);
  });

  it('writes the same bytes twice and removes validators no step uses', async () => {
    const root = await mkdtemp(join(tmpdir(), 'survey-compile-'));
    try {
      await cp(join(ROOT, 'survey'), join(root, 'survey'), { recursive: true });
      const { paths } = await writeCompiled(root);
      const firstBytes = await Promise.all(paths.map((p) => readFile(join(root, p))));
      const stale = join(root, 'src/generated/validators/000000000000.cjs');
      await writeFile(stale, '// stale');
      expect((await writeCompiled(root)).paths).toEqual(paths);
      const secondBytes = await Promise.all(paths.map((p) => readFile(join(root, p))));
      secondBytes.forEach((bytes, i) => expect(bytes.equals(firstBytes[i] ?? Buffer.alloc(0)), paths[i]).toBe(true));
      expect(await readdir(join(root, 'src/generated/validators'))).not.toContain('000000000000.cjs');
      expect(paths).toContain('src/generated/survey.json');
      expect(paths).toContain('src/generated/validators/index.ts');
      const index = await readFile(join(root, 'src/generated/validators/index.ts'), 'utf8');
      expect(index).toContain('export const validatorLoaders: Record<string, () => Promise<unknown>> = {');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('reads a survey file that is a link to one kept elsewhere; a broken link is a read error at the link', async () => {
    const root = await mkdtemp(join(tmpdir(), 'survey-linked-'));
    try {
      await cp(join(ROOT, 'survey'), join(root, 'survey'), { recursive: true });
      await mkdir(join(root, 'elsewhere'));
      await rename(join(root, 'survey/cancellation.yaml'), join(root, 'elsewhere/cancellation.yaml'));
      await symlink(join(root, 'elsewhere/cancellation.yaml'), join(root, 'survey/cancellation.yaml'));
      expect((await compileSurveyProject(root)).surveys.cancellation).toEqual(bundle.surveys.cancellation);

      await symlink(join(root, 'elsewhere/missing.yaml'), join(root, 'survey/missing.yaml'));
      const error: unknown = await compileSurveyProject(root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SurveyProblemsError);
      const problems = (error as SurveyProblemsError).problems.map((p) => [p.code, p.file, p.message]);
      expect(problems).toEqual([['read-error', join(root, 'survey/missing.yaml'), 'cannot read the file (ENOENT)']]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('sorts the keys of survey.json', async () => {
    const json = (await compiledFiles(ROOT)).get('src/generated/survey.json') ?? '';
    expect(Object.keys(JSON.parse(json) as object)).toEqual(['commit', 'experiments', 'policies', 'provider', 'redirects', 'surveys', 'toolkits']);
  });

  it('refuses to compile a survey with problems, carrying all of them', async () => {
    const root = await mkdtemp(join(tmpdir(), 'survey-broken-'));
    try {
      await cp(join(ROOT, 'survey'), join(root, 'survey'), { recursive: true });
      await cp(join(ROOT, 'tests/fixtures/invalid/unknown-step.yaml'), join(root, 'survey/broken.yaml'));
      await rm(join(root, 'survey/provider.yaml'));
      const error: unknown = await compileSurveyProject(root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SurveyProblemsError);
      const codes = (error as SurveyProblemsError).problems.map((p) => p.code);
      expect(codes).toEqual(['unknown-step', 'missing-file']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a survey whose aliases would expand without bound, as a problem rather than a crash', async () => {
    const root = await mkdtemp(join(tmpdir(), 'survey-aliases-'));
    try {
      await cp(join(ROOT, 'survey'), join(root, 'survey'), { recursive: true });
      await cp(join(ROOT, 'tests/fixtures/invalid/excessive-aliases.yaml'), join(root, 'survey/laughs.yaml'));
      const error: unknown = await compileSurveyProject(root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SurveyProblemsError);
      const problems = (error as SurveyProblemsError).problems.map((p) => [p.code, p.line, p.col]);
      expect(problems).toEqual([['excessive-aliases', 90, 9]]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
