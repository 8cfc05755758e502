// RJSF's getDefaultFormState (@rjsf/utils lib/schema/getDefaultFormState.js) for the step forms, for
// the browser build (scripts/build/lean-modules-plugin.mjs). The library's computes a form's state
// from every way JSON Schema can give a default (`default`, a `const`, `$ref`, `dependencies`,
// `oneOf`/`anyOf`, fixed items, additional properties) under a dozen behaviour options: 2.4 KB gzip
// of the first screen. A compiled step has none of those (its answers start blank), and StepForm
// passes one option, that a `const` is never a default. What the library then does is this file: an
// object's state is its properties' (a required boolean is false, a required or filled object is
// there, an array is its items'), merged with the form data, where an answer outside its enum is
// dropped. It uses the library's own helpers for each step. Anything else (a keyword above, another
// option) throws, naming it. tests/unit/build/lean-default-form-state.test.ts checks that the
// compiled steps have none, and compares the state with the library's for each step and answer and
// for random schemas and data.
import type { Experimental_DefaultFormStateBehavior, RJSFSchema, ValidatorType } from '@rjsf/utils';
import getSchemaType from '@rjsf/utils/lib/getSchemaType.js';
import isConstant from '@rjsf/utils/lib/isConstant.js';
import isObject from '@rjsf/utils/lib/isObject.js';
import mergeDefaultsWithFormData from '@rjsf/utils/lib/mergeDefaultsWithFormData.js';
import optionsList from '@rjsf/utils/lib/optionsList.js';
import deepEquals from '@rjsf/utils/lib/deepEquals.js';
import { getByPath } from '@rjsf/utils/lib/pathUtils.js';
import isMultiSelect from '@rjsf/utils/lib/schema/isMultiSelect.js';
import isSelect from '@rjsf/utils/lib/schema/isSelect.js';
import retrieveSchema, { retrieveSchemaInternal } from '@rjsf/utils/lib/schema/retrieveSchema.js';

type MergeAllOf = (schema: RJSFSchema) => RJSFSchema;

/** What every step of one computation shares. */
interface Context {
  validator: ValidatorType;
  rootSchema: RJSFSchema;
  merge?: MergeAllOf;
  initialDefaultsGenerated?: boolean;
}

/** Where one value sits: its data, and whether its parent requires it (or it is the form itself). */
interface Place {
  rawFormData?: unknown;
  required?: boolean;
  requiredAsRoot?: boolean;
}

/** The keywords that give a default some way, each a path of the library this build leaves out. */
const DEFAULT_SOURCES = ['default', '$ref', 'dependencies', 'oneOf', 'anyOf'];

function unsupported(what: string): never {
  throw new Error(`getDefaultFormState: ${what} is not supported in this build`);
}

/** The state of a form: its data, with what the schema gives where the data says nothing. */
export default function getDefaultFormState(
  validator: ValidatorType,
  theSchema: RJSFSchema,
  formData?: unknown,
  rootSchema?: RJSFSchema,
  includeUndefinedValues: boolean | string = false,
  behavior?: Experimental_DefaultFormStateBehavior,
  merge?: MergeAllOf,
  initialDefaultsGenerated?: boolean,
): unknown {
  if (!isObject(theSchema)) throw new Error(`Invalid schema: ${String(theSchema)}`);
  if (includeUndefinedValues !== false) unsupported(`includeUndefinedValues ${String(includeUndefinedValues)}`);
  for (const [option, value] of Object.entries(behavior ?? {})) if (option !== 'constAsDefaults' || value !== 'never') unsupported(`the option ${option}: ${JSON.stringify(value)}`);
  if (behavior?.constAsDefaults !== 'never') unsupported('a const as a default');
  const empty = formData === undefined || (isObject(formData) && Object.keys(formData).length === 0);
  const [schema] = retrieveSchemaInternal(validator, theSchema, rootSchema ?? {}, formData, undefined, undefined, merge, undefined, empty) as RJSFSchema[];
  const context: Context = { validator, rootSchema: rootSchema ?? (empty ? theSchema : {}), merge, initialDefaultsGenerated };
  const defaults = computeDefaults(context, schema ?? {}, { rawFormData: formData, requiredAsRoot: true });
  if (!isObject(formData) && !Array.isArray(formData)) return defaults;
  const matching = matchingFormData({ ...context, rootSchema: rootSchema ?? schema ?? {} }, schema ?? {}, formData);
  return mergeDefaultsWithFormData(defaults, matching, true, false, true);
}

function computeDefaults(context: Context, rawSchema: unknown, place: Place): unknown {
  const schema = (isObject(rawSchema) ? rawSchema : {}) as RJSFSchema;
  for (const keyword of DEFAULT_SOURCES) if (keyword in schema) unsupported(`"${keyword}"`);
  if (Array.isArray(schema.items)) unsupported('a list of items');
  const byType = defaultOfType(context, schema, place);
  if (isObject(place.rawFormData) && !('allOf' in schema)) return byType;
  return mergeDefaultsWithFormData(byType, matchingFormData(context, schema, place.rawFormData), undefined, true);
}

function defaultOfType(context: Context, schema: RJSFSchema, place: Place): unknown {
  switch (getSchemaType(schema)) {
    case 'object':
      return objectDefaults(context, schema, place);
    case 'array':
      return arrayDefaults(context, schema, place);
    case 'boolean':
      // A required boolean is false until ticked.
      return place.required ? false : undefined;
    default:
      return undefined;
  }
}

function objectDefaults(context: Context, schema: RJSFSchema, place: Place): Record<string, unknown> {
  const formData = isObject(place.rawFormData) ? place.rawFormData : {};
  const resolved = 'if' in schema ? retrieveSchema(context.validator, schema, context.rootSchema, formData, context.merge) : schema;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(resolved.properties ?? {})) {
    const required = resolved.required?.includes(key) ?? false;
    const value = computeDefaults(context, resolved.properties?.[key] ?? {}, { rawFormData: getByPath(formData, key), required });
    // An object is kept where it holds something or is required; any other value where it is one.
    if (isObject(value) ? Object.keys(value).length > 0 || required : value !== undefined) result[key] = value;
  }
  if (resolved.additionalProperties && !context.initialDefaultsGenerated) unsupported('additionalProperties');
  return result;
}

function arrayDefaults(context: Context, schema: RJSFSchema, place: Place): unknown {
  const item = isObject(schema.items) ? schema.items : {};
  const { rawFormData, required } = place;
  const items = Array.isArray(rawFormData)
    ? (mergeDefaultsWithFormData(undefined, rawFormData.map((value) => computeDefaults(context, item, { rawFormData: value, required }))) as unknown[])
    : undefined;
  const count = items?.length ?? 0;
  if (!schema.minItems || isMultiSelect(context.validator, schema, context.rootSchema, context.merge) || schema.minItems <= count) {
    return items || (!required && !place.requiredAsRoot) ? items : [];
  }
  // Filled up to minItems with what an item alone computes to.
  const filler = isObject(schema.items) ? schema.items : isObject(schema.additionalItems) ? schema.additionalItems : {};
  return (items ?? []).concat(Array.from({ length: schema.minItems - count }, () => computeDefaults(context, filler, { required })));
}

/** The form data, less an answer outside its options (where the value is one of a set). */
function matchingFormData(context: Context, schema: RJSFSchema, formData: unknown): unknown {
  const isChoice = !isConstant(schema) && isSelect(context.validator, schema, context.rootSchema, context.merge);
  const valid = isChoice && !optionsList(schema)?.some((option) => deepEquals(option.value, formData)) ? undefined : formData;
  if (!isObject(valid) || !isObject(schema.properties)) return valid;
  const matched: Record<string, unknown> = { ...valid };
  for (const key of Object.keys(schema.properties)) {
    const property = schema.properties[key];
    if (key in matched && isObject(property) && 'allOf' in property) matched[key] = matchingFormData(context, property as RJSFSchema, matched[key]);
  }
  return matched;
}
