// The page's own precompiled validators, run on the server as the replay of a submitted survey checks
// each step's data: both sides judge a step alike. They are read from the `validators/` folder beside
// the compiled bundle the server serves (src/generated/validators for src/generated/survey.json), so a
// server started on another bundle (BUNDLE_FILE) judges by that bundle's validators.
import { createRequire } from 'node:module';
import type { StepValidation, ValidationFailure } from '../engine';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: { missingProperty?: string; limit?: number };
}

/** One precompiled ajv validation function, as each module of a validators folder exports it. */
export type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** An ajv error as the form data field it is about (`details.other`) and the keyword that failed. */
function failureOf(error: AjvError): ValidationFailure {
  const path = error.instancePath.split('/').filter((part) => part !== '');
  if (error.keyword === 'required' && error.params.missingProperty !== undefined) path.push(error.params.missingProperty);
  return { field: path.join('.'), keyword: error.keyword, ...(error.params.limit === undefined ? {} : { limit: error.params.limit }) };
}

/** Step validation by precompiled validators, found by the steps' `validatorId`. */
export function stepValidationOf(validatorOf: (id: string) => ValidateFunction | undefined): StepValidation {
  return (step, data) => {
    if (!('form' in step)) return [];
    const validate = validatorOf(step.form.validatorId);
    if (validate === undefined) throw new Error(`no precompiled validator '${step.form.validatorId}' for step '${step.id}'`);
    if (validate(data)) return [];
    // `if` only says that a `then` failed; the failure of the `then` itself names the field.
    return (validate.errors ?? []).filter((error) => error.keyword !== 'if').map(failureOf);
  };
}

/** Step validation by the validators beside `bundleFile`, each module loaded the first time a step needs it. */
export function validatorsBeside(bundleFile: string): StepValidation {
  const require = createRequire(bundleFile);
  const loaded = new Map<string, ValidateFunction | undefined>();
  return stepValidationOf((id) => {
    if (!loaded.has(id)) {
      const module = require(`./validators/${id}.cjs`) as Record<string, unknown>;
      loaded.set(id, Object.values(module).find((value): value is ValidateFunction => typeof value === 'function'));
    }
    return loaded.get(id);
  });
}
