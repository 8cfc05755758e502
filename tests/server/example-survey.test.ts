// The example survey of survey/examples/ (a multi step, a rating and the closing form) compiled as the
// build compiles it, with its own precompiled validators: every path of both audiences is built by the
// engine and passes the server's replay, and what the page would refuse the server refuses too.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPayload, currentStep, enumeratePaths, kindOf, startSurvey, transition, type SampleFill, type StepValidation } from '../../src/engine';
import { AUDIENCES, isStepOfType, type Audience, type CompiledSurvey, type StepOfType, type SurveyPayload } from '../../src/model';
import { stepValidationOf, type ValidateFunction } from '../../src/server/step-validators';
import { surveyAnswerProblem } from '../../src/server/survey-answers';
import { loadCheckedProject } from '../../scripts/survey';
import { compileSurvey } from '../../scripts/survey/compile-flow';
import { compileValidators } from '../../scripts/survey/compile-validators';

const FILL: SampleFill = { box: () => 'A dashboard for agencies', name: 'Ann Example', comment: () => 'Thanks' };

let survey: CompiledSurvey;
let validate: StepValidation;

beforeAll(async () => {
  const project = await loadCheckedProject(['survey/examples']);
  expect(project.problems).toEqual([]);
  const def = project.files.find((file) => file.survey)?.survey;
  if (!def) throw new Error('survey/examples holds no survey');
  survey = compileSurvey(def, 'survey/examples/feedback.yaml');
  // The same precompiled modules the build writes, loaded as the server loads its own.
  const forms = AUDIENCES.flatMap((audience) => Object.values(survey.audiences[audience].steps).flatMap((step) => ('form' in step ? [step.form] : [])));
  // Inside the project, so the modules find ajv's runtime as the generated ones do.
  const dir = mkdtempSync(join(process.cwd(), 'node_modules', '.example-validators-'));
  const require = createRequire(import.meta.url);
  const validators = new Map<string, ValidateFunction>();
  for (const [id, source] of compileValidators(forms)) {
    writeFileSync(join(dir, `${id}.cjs`), source);
    const module = require(join(dir, `${id}.cjs`)) as Record<string, ValidateFunction>;
    const fn = Object.values(module).find((value) => typeof value === 'function');
    if (fn) validators.set(id, fn);
  }
  validate = stepValidationOf((id) => validators.get(id));
});

const stepOf = <T extends 'multi' | 'rating'>(id: string, type: T): StepOfType<T> => {
  const step = survey.audiences.paid.steps[id];
  if (!isStepOfType(step, type)) throw new Error(`'${id}' is not a ${type} step`);
  return step;
};

/** The payload of a customer who took `path`, as the page builds it. */
function payloadAlong(audience: Audience, moves: ReturnType<typeof enumeratePaths>[number]): SurveyPayload {
  let state = startSurvey(survey, audience, () => 0.5);
  for (const move of moves) {
    const step = currentStep(survey, state);
    state = transition(survey, state, { type: 'continue', data: kindOf(step).sampleData(step, move, FILL) });
  }
  return buildPayload(survey, state, {
    user: { email: 'ann@example.com', product_group: 'BUSINESS' },
    timestamp: '2026-11-25T09:00:00.000Z',
    toolkit: 'seo',
    translate: (english) => `[de] ${english}`,
  });
}

const check = (payload: SurveyPayload, audience: Audience = 'paid') => surveyAnswerProblem(survey, audience, payload, { productGroup: 'BUSINESS', validate });

describe('the example survey', () => {
  it('walks every path of both audiences, and the server stores each payload', () => {
    for (const audience of AUDIENCES) {
      const paths = enumeratePaths(survey, audience);
      expect(paths.map((path) => path.map((move) => move.step))).toEqual([['missing', 'come-back', 'final']]);
      for (const path of paths) {
        const payload = payloadAlong(audience, path);
        expect(check(payload, audience), JSON.stringify(payload.path)).toBeUndefined();
      }
    }
  });

  it('records the ticked answers in authored order, the Other text, and the number chosen', () => {
    const payload = payloadAlong('paid', enumeratePaths(survey, 'paid')[0] ?? []);
    expect(payload.survey.first_question).toMatchObject({ question: 'What did you miss in the toolkit?', answers: ['Better reports', 'Other'], comment: 'A dashboard for agencies' });
    expect(payload.survey.first_question?.answers_translated).toEqual(['[de] Better reports', '[de] Other']);
    expect(payload.survey.second_question).toMatchObject({ question: 'How likely are you to come back?', answers: ['10'], comment: '' });
    expect(payload.path).toEqual([{ step: 'missing', answers: ['reports', 'other'] }, { step: 'come-back', answer: '10' }, { step: 'final' }]);
  });

  it('leaves an optional rating out of the payload when no number was chosen', () => {
    let state = startSurvey(survey, 'paid', () => 0.5);
    state = transition(survey, state, { type: 'continue', data: { answers: ['price'] } });
    state = transition(survey, state, { type: 'continue', data: {} });
    state = transition(survey, state, { type: 'continue', data: kindOf(currentStep(survey, state)).sampleData(currentStep(survey, state), { step: 'final' }, FILL) });
    const payload = buildPayload(survey, state, { user: { email: 'ann@example.com', product_group: 'BUSINESS' }, timestamp: 't', toolkit: 'seo', translate: (t) => t });
    expect(payload.survey.second_question).toBeUndefined();
    expect(payload.path[1]).toEqual({ step: 'come-back' });
    expect(check(payload)).toBeUndefined();
  });

  describe('the server refuses, naming the field', () => {
    const good = (): SurveyPayload => payloadAlong('paid', enumeratePaths(survey, 'paid')[0] ?? []);

    it("a blank 'Other' text, as the page does", () => {
      const payload = good();
      const first = payload.survey.first_question;
      if (!first) throw new Error('no first question');
      expect(check({ ...payload, survey: { ...payload.survey, first_question: { ...first, comment: '   ' } } })).toBe('survey.first_question.comment: must not be blank');
    });

    it('more answers than the step allows', () => {
      const payload = good();
      const answers = ['reports', 'integrations', 'support', 'price'];
      const texts = answers.map((id) => stepOf('missing', 'multi').answers.find((a) => a.id === id)?.text ?? id);
      const first = { question: 'What did you miss in the toolkit?', question_translated: 'x', answers: texts, answers_translated: texts, comment: '' };
      const path = [{ step: 'missing', answers }, ...payload.path.slice(1)];
      expect(check({ ...payload, path, survey: { ...payload.survey, first_question: first } })).toBe('survey.first_question.answers: must hold at most 3 answers');
    });

    it('path ids that disagree with the texts', () => {
      const payload = good();
      const path = [{ step: 'missing', answers: ['integrations', 'other'] }, ...payload.path.slice(1)];
      expect(check({ ...payload, path })).toBe('survey.first_question.answers: must be ["More integrations","Other"] (the answers the path names)');
    });

    it('an answer that belongs to another step', () => {
      const payload = good();
      const path = [{ step: 'missing', answers: ['reports', 'will-use-other'] }, ...payload.path.slice(1)];
      expect(check({ ...payload, path })).toBe("path[0].answer: 'will-use-other' is not an answer of step 'missing'");
    });

    it('a step id an object inherits, in the path or as a declined offer', () => {
      const payload = good();
      for (const id of ['__proto__', 'constructor', 'toString']) {
        expect(check({ ...payload, path: [{ step: id }, ...payload.path] })).toBe("path[0].step: must be 'missing' (the step the path leads to)");
        const record = { offer: id, kind: 'discount' as const, percent: 30, months: 3, choice: 'declined' as const };
        expect(check({ ...payload, retention: [record] })).toBe(`retention[0].offer: '${id}' is not an offer on the path the answers take`);
      }
    });

    it('a number the page never writes so, or an answer of another step, in the path: at the move', () => {
      const payload = good();
      const index = payload.path.findIndex((move) => move.step === 'come-back');
      const withAnswer = (answer: string) => ({ ...payload, path: payload.path.map((move, i) => (i === index ? { step: 'come-back', answer } : move)) });
      // The entry still says 10: only the path names it otherwise, and a path line would read '010'.
      for (const answer of ['010', '10.0', ' 10', '+10', '1e1', 'reports']) {
        expect(check(withAnswer(answer)), answer).toBe(`path[${index}].answer: '${answer}' is not an answer of step 'come-back'`);
      }
      expect(check(withAnswer('10'))).toBeUndefined();
    });

    it("a multi step's answers out of the step's order, as the page never lists them", () => {
      const payload = good();
      const path = [{ step: 'missing', answers: ['other', 'reports'] }, ...payload.path.slice(1)];
      expect(check({ ...payload, path })).toBe('path[0].answers: must be ["reports","other"] (in the step\'s order)');
    });

    it('an entry for a question the path asks and leaves unanswered: said so, not "not asked"', () => {
      const payload = good();
      const blank = { question: 'Have anything else to add?', question_translated: 'x', answers: [], answers_translated: [], comment: '   ' };
      expect(check({ ...payload, survey: { ...payload.survey, fourth_question: blank } })).toBe(
        "survey.fourth_question: must be left out: the path the answers take leaves 'Have anything else to add?' unanswered",
      );
      const path = payload.path.map((move) => (move.step === 'come-back' ? { step: 'come-back' } : move));
      expect(check({ ...payload, path })).toBe("survey.second_question: must be left out: the path the answers take leaves 'How likely are you to come back?' unanswered");
    });

    it('a number off the scale', () => {
      const payload = good();
      const second = payload.survey.second_question;
      if (!second) throw new Error('no second question');
      const path = payload.path.map((move) => (move.step === 'come-back' ? { step: 'come-back', answer: '11' } : move));
      const eleven = { ...second, answers: ['11'], answers_translated: ['11'] };
      expect(check({ ...payload, path, survey: { ...payload.survey, second_question: eleven } })).toBe('survey.second_question.answers: must hold one number from 0 to 10');
    });
  });
});
