import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createSchemaUtils } from '@rjsf/utils';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStepOfType, type CompiledBundle, type StepForm } from '../../../src/model';
import { compiledFiles, GENERATED_DIR } from '../../../scripts/survey';

const ROOT = process.cwd();
const require = createRequire(import.meta.url);
let files: Map<string, string>;
let bundle: CompiledBundle;
// The modules `require` ajv's runtime helpers, so they are loaded from a folder inside the project.
let moduleDir: string;

beforeAll(async () => {
  files = await compiledFiles(ROOT);
  bundle = JSON.parse(files.get(`${GENERATED_DIR}/survey.json`) ?? '{}') as CompiledBundle;
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  moduleDir = await mkdtemp(join(ROOT, 'node_modules/.cache/survey-validators-'));
});

afterAll(async () => {
  await rm(moduleDir, { recursive: true, force: true });
});

function form(survey: string, audience: 'trial' | 'paid', stepId: string): StepForm {
  const step = bundle.surveys[survey]?.audiences[audience].steps[stepId];
  const found = step && !isStepOfType(step, 'offer') ? step.form : undefined;
  if (!found) throw new Error(`no step ${stepId}`);
  return found;
}

/** A validator built the way the browser builds it: from the generated module and the compiled schema. */
async function validatorFor(stepForm: StepForm): Promise<ValidatorType> {
  const code = files.get(`${GENERATED_DIR}/validators/${stepForm.validatorId}.cjs`);
  if (code === undefined) throw new Error(`no validator module ${stepForm.validatorId}`);
  const file = join(moduleDir, `${stepForm.validatorId}.cjs`);
  await writeFile(file, code);
  const fns = require(file) as ValidatorFunctions;
  return createPrecompiledValidator(fns, stepForm.schema as RJSFSchema);
}

/** The failed keywords and the field, named as FieldMessages names it: e.g. `maxLength details.other`. */
async function failures(stepForm: StepForm, data: unknown): Promise<string[]> {
  const validator = await validatorFor(stepForm);
  const { errors } = validator.validateFormData(data, stepForm.schema as RJSFSchema);
  // The failed `if` only says that its `then` failed; the `then` errors name the field.
  return errors.filter((e) => e.name !== 'if').map((e) => `${e.name ?? ''} ${(e.property ?? '').replace(/^\./, '')}`);
}

describe('precompiled step validators', () => {
  it('other text on step 1: 1500 characters pass, 1501 fail with maxLength', async () => {
    const reason = form('cancellation', 'paid', 'reason');
    expect(await failures(reason, { answer: 'other', details: { other: 'x'.repeat(1500) } })).toEqual([]);
    expect(await failures(reason, { answer: 'other', details: { other: 'x'.repeat(1501) } })).toEqual([
      'maxLength details.other',
    ]);
  });

  it('an answer that needs text: 1500 pass, 1501 fail, blank and missing text fail', async () => {
    const better = form('cancellation', 'trial', 'what-could-be-better');
    const answer = 'needs-improvements';
    expect(await failures(better, { answer, details: { [answer]: 'y'.repeat(1500) } })).toEqual([]);
    expect(await failures(better, { answer, details: { [answer]: 'y'.repeat(1501) } })).toEqual([
      `maxLength details.${answer}`,
    ]);
    expect(await failures(better, { answer, details: { [answer]: '   ' } })).toEqual([`pattern details.${answer}`]);
    expect(await failures(better, { answer, details: {} })).toEqual([`required details.${answer}`]);
    expect(await failures(better, { answer })).toEqual(['required details']);
    // An answer without a box needs no text.
    expect(await failures(better, { answer: 'poor-service' })).toEqual([]);
  });

  it('a missing answer fails with required, an unknown one with enum', async () => {
    const reason = form('cancellation', 'trial', 'reason');
    expect(await failures(reason, {})).toEqual(['required answer']);
    expect(await failures(reason, { answer: 'not-an-answer' })).toEqual(['enum answer']);
    // Paid users do not have the trial-only answer.
    expect(await failures(form('cancellation', 'paid', 'reason'), { answer: 'not-sure-need' })).toEqual(['enum answer']);
  });

  it('other services (step 3.5): 250 pass, 251 fail, blank fails', async () => {
    const services = form('cancellation', 'paid', 'other-services');
    expect(await failures(services, { text: 's'.repeat(250) })).toEqual([]);
    expect(await failures(services, { text: 's'.repeat(251) })).toEqual(['maxLength text']);
    expect(await failures(services, { text: '   ' })).toEqual(['pattern text']);
    expect(await failures(services, {})).toEqual(['required text']);
  });

  it('the closing form: name 80 pass, 81 fail, blank name fails, agreement must be ticked', async () => {
    const final = form('cancellation', 'paid', 'final');
    const valid = { name: 'n'.repeat(80), email: 'ada@example.com', agreement: true };
    expect(await failures(final, valid)).toEqual([]);
    expect(await failures(final, { ...valid, comment: 'c'.repeat(5000) })).toEqual([]);
    expect(await failures(final, { ...valid, name: 'n'.repeat(81) })).toEqual(['maxLength name']);
    expect(await failures(final, { ...valid, name: '   ' })).toEqual(['pattern name']);
    expect(await failures(final, { ...valid, email: 'not-an-email' })).toEqual(['pattern email']);
    expect(await failures(final, { ...valid, agreement: false })).toEqual(['const agreement']);
    expect(await failures(final, { email: 'ada@example.com' })).toEqual(['required name', 'required agreement']);
  });

  it('the growth-kit reason is required and limited', async () => {
    const request = form('growth-kit', 'paid', 'request');
    const valid = { name: 'Ada', email: 'ada@example.com', reason: 'r'.repeat(1500), agreement: true };
    expect(await failures(request, valid)).toEqual([]);
    expect(await failures(request, { ...valid, reason: 'r'.repeat(1501) })).toEqual(['maxLength reason']);
    expect(await failures(request, { ...valid, reason: ' ' })).toEqual(['pattern reason']);
  });

  it('resolves the conditional schema the way RJSF does while rendering (every `if` has a validator)', async () => {
    const reason = form('cancellation', 'paid', 'reason');
    const schema = reason.schema as RJSFSchema;
    const utils = createSchemaUtils(await validatorFor(reason), schema);
    const resolved = utils.retrieveSchema(schema, { answer: 'other' });
    expect(resolved.required).toEqual(['answer', 'details']);
    expect(utils.retrieveSchema(schema, { answer: 'another-account' }).required).toEqual(['answer']);
  });

  it('report an error by where, which keyword and its params: no English message, no schema or data beside it', async () => {
    const reason = form('cancellation', 'paid', 'reason');
    const validator = await validatorFor(reason);
    const { errors } = validator.validateFormData({ answer: 'other', details: { other: 'x'.repeat(1501) } }, reason.schema as RJSFSchema);
    const tooLong = errors.find((error) => error.name === 'maxLength');
    expect(tooLong).toMatchObject({ property: '.details.other', params: { limit: 1500 } });
    for (const [path, code] of [...files].filter(([name]) => name.endsWith('.cjs'))) expect(code, path).not.toMatch(/\bmessage:|\bparentSchema:/);
  });

  it('generated code never compiles code at run time', () => {
    const modules = [...files].filter(([path]) => path.endsWith('.cjs'));
    expect(modules.length).toBeGreaterThan(0);
    for (const [path, code] of modules) {
      expect(code, path).not.toMatch(/new Function|\beval\s*\(/);
    }
  });

  it('has one module per distinct validator id, and the index loads each: the first steps with the page, the rest on demand', () => {
    const ids = new Set(
      Object.values(bundle.surveys).flatMap((s) =>
        Object.values(s.audiences).flatMap((f) => Object.values(f.steps).flatMap((step) => (isStepOfType(step, 'offer') ? [] : [step.form.validatorId]))),
      ),
    );
    const modules = [...files.keys()].filter((p) => p.endsWith('.cjs')).map((p) => p.slice(-16, -4));
    expect(modules.sort()).toEqual([...ids].sort());
    const index = files.get(`${GENERATED_DIR}/validators/index.ts`) ?? '';
    const first = new Set(
      Object.values(bundle.surveys).flatMap((s) =>
        Object.values(s.audiences).flatMap((f) => {
          const step = f.steps[f.start];
          return step && !isStepOfType(step, 'offer') ? [step.form.validatorId] : [];
        }),
      ),
    );
    expect(first.size).toBeGreaterThan(1);
    for (const id of ids) {
      if (first.has(id)) {
        expect(index).toContain(`import * as first_${id} from './${id}.cjs';`);
        expect(index).toContain(`'${id}': () => Promise.resolve(first_${id}),`);
      } else {
        expect(index).toContain(`'${id}': () => import('./${id}.cjs'),`);
      }
    }
  });
});
