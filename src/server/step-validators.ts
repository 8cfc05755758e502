// The page's own precompiled validators (src/generated/validators), run on the server as the replay
// of a submitted survey checks each step's data: both sides judge a step alike.
import type { StepValidation, ValidationFailure } from '../engine';
import { validatorLoaders } from '../generated/validators';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: { missingProperty?: string; limit?: number };
}

/** One precompiled ajv validation function, as each module under src/generated/validators exports it. */
export type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

let loading: Promise<ReadonlyMap<string, ValidateFunction>> | undefined;

/** Every validator module, loaded once: each exports one ajv function under its schema's hash. */
function loadAll(): Promise<ReadonlyMap<string, ValidateFunction>> {
  loading ??= Promise.all(
    Object.entries(validatorLoaders).map(async ([id, load]) => {
      const module = (await load()) as { default?: Record<string, ValidateFunction> } & Record<string, ValidateFunction>;
      const validate = Object.values(module.default ?? module).find((value) => typeof value === 'function');
      if (validate === undefined) throw new Error(`the validator module '${id}' exports no function`);
      return [id, validate] as const;
    }),
  ).then((entries) => new Map(entries));
  return loading;
}

/** An ajv error as the form data field it is about (`details.other`) and the keyword that failed. */
function failureOf(error: AjvError): ValidationFailure {
  const path = error.instancePath.split('/').filter((part) => part !== '');
  if (error.keyword === 'required' && error.params.missingProperty !== undefined) path.push(error.params.missingProperty);
  return { field: path.join('.'), keyword: error.keyword, ...(error.params.limit === undefined ? {} : { limit: error.params.limit }) };
}

/** The step validation of the page, ready to run synchronously once every validator has loaded. */
export async function stepValidation(): Promise<StepValidation> {
  return stepValidationOf(await loadAll());
}

/** Step validation by the given precompiled validators, keyed by the steps' `validatorId`. */
export function stepValidationOf(validators: ReadonlyMap<string, ValidateFunction>): StepValidation {
  return (step, data) => {
    if (!('form' in step)) return [];
    const validate = validators.get(step.form.validatorId);
    if (validate === undefined) throw new Error(`no precompiled validator '${step.form.validatorId}' for step '${step.id}'`);
    if (validate(data)) return [];
    // `if` only says that a `then` failed; the failure of the `then` itself names the field.
    return (validate.errors ?? []).filter((error) => error.keyword !== 'if').map(failureOf);
  };
}
