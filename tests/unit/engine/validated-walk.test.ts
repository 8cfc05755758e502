// Every path the engine enumerates can be walked with data the compiled validators accept,
// and the data a path skips a required box on is refused: engine and compiler agree.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { currentStep, enumeratePaths, startSurvey, transition } from '../../../src/engine';
import { isStepOfType, AUDIENCES, type StepForm } from '../../../src/model';
import { cancellationSurvey } from './compiled';
import { dataFor } from './walk';

const require = createRequire(import.meta.url);
const survey = cancellationSurvey();

function errorsOf(form: StepForm, data: unknown): string[] {
  const fns = require(join(process.cwd(), 'src/generated/validators', `${form.validatorId}.cjs`)) as ValidatorFunctions;
  const validator = createPrecompiledValidator(fns, form.schema as RJSFSchema);
  return validator.validateFormData(data, form.schema as RJSFSchema).errors.filter((e) => e.name !== 'if').map((e) => `${e.name} ${e.property}`);
}

describe.each(AUDIENCES)('%s paths under the compiled validators', (audience) => {
  it('accepts the data of every move of every path', () => {
    for (const path of enumeratePaths(survey, audience)) {
      let state = startSurvey(survey, audience, () => 0.3);
      for (const move of path) {
        const step = currentStep(survey, state);
        const data = dataFor(step, move);
        if (!isStepOfType(step, 'offer')) expect(errorsOf(step.form, data), `${step.id} ${move.answer ?? ''}`).toEqual([]);
        state = transition(survey, state, { type: 'continue', data });
      }
      expect(state.status).toBe('complete');
    }
  });

  it('refuses every answer that needs text when its box is blank', () => {
    for (const step of Object.values(survey.audiences[audience].steps)) {
      if (!isStepOfType(step, 'choice')) continue;
      for (const answer of step.answers.filter((a) => a.input?.required)) {
        expect(errorsOf(step.form, { answer: answer.id, details: { [answer.id]: ' \n ' } }), `${step.id} ${answer.id}`).not.toEqual([]);
      }
    }
  });
});

describe('a box the customer no longer sees', () => {
  it('does not hold the step up with text over its limit', () => {
    const step = survey.audiences.paid.steps['what-could-be-better'];
    if (!isStepOfType(step, 'choice')) throw new Error('what-could-be-better is not a choice step');
    const tooLong = 'x'.repeat(1501);
    expect(errorsOf(step.form, { answer: 'poor-service', details: { other: tooLong } })).toEqual([]);
    expect(errorsOf(step.form, { answer: 'other', details: { other: tooLong } })).toEqual(['maxLength .details.other']);
  });
});
