// The precompiled validator of a step (no ajv compiler and no `new Function` in the browser).
import type { ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { validatorLoaders } from '../generated/validators';
import type { StepForm } from '../model';

const cache = new Map<string, Promise<ValidatorFunctions>>();

async function loadFunctions(validatorId: string): Promise<ValidatorFunctions> {
  const load = validatorLoaders[validatorId];
  if (!load) throw new Error(`no precompiled validator '${validatorId}' in src/generated/validators`);
  const module = (await load()) as { default?: ValidatorFunctions } & ValidatorFunctions;
  return module.default ?? module;
}

/** Loads (once) the validator functions of a step form and binds them to its schema. */
export async function loadStepValidator(form: StepForm): Promise<ValidatorType> {
  let functions = cache.get(form.validatorId);
  if (!functions) {
    functions = loadFunctions(form.validatorId);
    cache.set(form.validatorId, functions);
    functions.catch(() => cache.delete(form.validatorId));
  }
  return createPrecompiledValidator(await functions, form.schema);
}
