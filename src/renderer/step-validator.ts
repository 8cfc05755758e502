// The precompiled validator of a step (no ajv compiler and no `new Function` in the browser).
import type { ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { validatorLoaders } from '../generated/validators';
import type { StepForm } from '../model';
import { loadChunk } from '../monitoring';

const loading = new Map<string, Promise<ValidatorType>>();
const ready = new Map<string, ValidatorType>();

async function load(form: StepForm): Promise<ValidatorType> {
  const loader = validatorLoaders[form.validatorId];
  if (!loader) throw new Error(`no precompiled validator '${form.validatorId}' in src/generated/validators`);
  const module = (await loadChunk(`validator-${form.validatorId}`, loader)) as { default?: ValidatorFunctions } & ValidatorFunctions;
  const validator = createPrecompiledValidator(module.default ?? module, form.schema);
  ready.set(form.validatorId, validator);
  return validator;
}

/** The step's validator if it has loaded already, so a step whose code is here shows at once. */
export function loadedStepValidator(form: StepForm): ValidatorType | undefined {
  return ready.get(form.validatorId);
}

/** Loads (once) the validator functions of a step form, bound to its schema. */
export function loadStepValidator(form: StepForm): Promise<ValidatorType> {
  let pending = loading.get(form.validatorId);
  if (!pending) {
    pending = load(form);
    loading.set(form.validatorId, pending);
    pending.catch(() => loading.delete(form.validatorId));
  }
  return pending;
}
