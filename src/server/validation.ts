import Ajv from 'ajv';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import surveyPayloadSchema from '../../schemas/survey-payload.schema.json';
import userContextSchema from '../../schemas/user-context.schema.json';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** Days in a month of the proleptic Gregorian calendar (`month` 1–12). */
function daysIn(year: number, month: number): number {
  if (month !== 2) return [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/**
 * `format: date-time` without ajv-formats: RFC 3339's shape and a real calendar date and time. Checked
 * field by field: `Date.parse` rolls 30 February over into March, and would pass it.
 */
export function isDateTime(value: string): boolean {
  const match = RFC3339.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = [1, 2, 3, 4, 5, 6, 8, 9].map((group) =>
    match[group] === undefined ? undefined : Number(match[group]),
  ) as [number, number, number, number, number, number, number | undefined, number | undefined];
  // A leap second (:60) is RFC 3339's own.
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 60 && offsetHour <= 23 && offsetMinute <= 59;
}

/**
 * The one ajv instance: our schemas/ files registered by `$id`, no type coercion and no stripping
 * of unknown fields, so what is stored is exactly what was validated.
 */
export const ajv = new Ajv({
  allErrors: false,
  strict: true,
  // user_id is `["integer", "string"]` in user-context.schema.json.
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
});
ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
ajv.addSchema(surveyPayloadSchema);
ajv.addSchema(userContextSchema);

export const SURVEY_PAYLOAD_SCHEMA_ID = surveyPayloadSchema.$id;
export const USER_CONTEXT_SCHEMA_ID = userContextSchema.$id;

/** A route schema that points at one of the registered files. */
export function schemaRef(id: string): { $ref: string } {
  return { $ref: id };
}

/** Fastify's validator compiler backed by our ajv instance (registered schemas are compiled once). */
export const compileValidator: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (typeof schema === 'object' && schema !== null && '$ref' in schema && typeof schema.$ref === 'string') {
    const registered = ajv.getSchema(schema.$ref);
    if (registered !== undefined) return registered;
  }
  return ajv.compile(schema as object);
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  array: 'an array',
  object: 'an object',
  string: 'a string',
  boolean: 'a boolean',
  integer: 'an integer',
  number: 'a number',
  null: 'null',
};

/** A JSON pointer (`/survey/first_question/answers/0`) as a field path (`survey.first_question.answers[0]`). */
function fieldPath(pointer: string, child?: unknown): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof child === 'string') parts.push(child);
  let path = '';
  for (const part of parts) {
    path += /^\d+$/.test(part) ? `[${part}]` : path === '' ? part : `.${part}`;
  }
  return path === '' ? 'body' : path;
}

function typeName(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => (typeof t === 'string' ? (TYPE_NAMES[t] ?? t) : String(t))).join(' or ');
}

/** What each pattern of the API's schemas asks, in plain words (a pattern not listed is quoted). */
const PATTERN_MEANINGS: Readonly<Record<string, string>> = {
  '\\S': 'must hold more than spaces',
  '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001f\\u007f]*$': 'must hold more than spaces, and no control characters (line breaks, tabs, NUL)',
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': 'must be an email address (name@example.com)',
  '^[a-z0-9-]+$': 'must be lower-case letters, digits and hyphens',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'must be lower-case letters and digits, words joined by single hyphens',
  '^[a-z0-9][a-z0-9-]*$': 'must be lower-case letters, digits and hyphens, starting with a letter or digit',
  '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$': 'must be a UUID in lower case (0f8fad5b-d9cb-469f-a165-70867728950e)',
  '^[0-9a-f]{12}$': 'must be 12 lower-case hexadecimal digits',
};

const items = (count: unknown): string => `${String(count)} item${count === 1 ? '' : 's'}`;

/** One schema error as `field: what is wrong`, in plain words. */
export function describeSchemaError(error: FastifySchemaValidationError): string {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return `${fieldPath(error.instancePath, params.missingProperty)}: is required`;
    case 'additionalProperties':
      return `${fieldPath(error.instancePath, params.additionalProperty)}: is not an allowed field`;
    case 'type':
      return `${fieldPath(error.instancePath)}: must be ${typeName(params.type)}`;
    case 'minLength':
      return params.limit === 1
        ? `${fieldPath(error.instancePath)}: must not be empty`
        : `${fieldPath(error.instancePath)}: must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${fieldPath(error.instancePath)}: must be at most ${String(params.limit)} characters`;
    case 'maxItems':
      return `${fieldPath(error.instancePath)}: must have at most ${items(params.limit)}`;
    case 'minItems':
      return `${fieldPath(error.instancePath)}: must have at least ${items(params.limit)}`;
    case 'uniqueItems':
      return `${fieldPath(error.instancePath)}: lists the same value twice (items ${[Number(params.i), Number(params.j)].sort((a, b) => a - b).join(' and ')})`;
    case 'minimum':
      return `${fieldPath(error.instancePath)}: must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${fieldPath(error.instancePath)}: must be at most ${String(params.limit)}`;
    case 'false schema':
      return `${fieldPath(error.instancePath)}: does not belong here (not a field of this kind of entry)`;
    case 'pattern': {
      const pattern = String(params.pattern);
      return `${fieldPath(error.instancePath)}: ${PATTERN_MEANINGS[pattern] ?? `does not have the form ${pattern}`}`;
    }
    case 'format':
      return `${fieldPath(error.instancePath)}: must be a ${String(params.format)} (ISO 8601, e.g. 2024-05-01T12:00:00Z)`;
    case 'const':
      return `${fieldPath(error.instancePath)}: must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `${fieldPath(error.instancePath)}: must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return `${fieldPath(error.instancePath)}: ${error.message ?? 'is invalid'}`;
  }
}

/** The first schema error, described; ajv runs with allErrors off, so there is normally one. */
export function describeSchemaErrors(errors: readonly FastifySchemaValidationError[]): string {
  const first = errors[0];
  return first === undefined ? 'body: is invalid' : describeSchemaError(first);
}

/**
 * The first refusal of a query. A parameter given more than once (`?key=a&key=b`) reaches the schema
 * as a list, which it refuses as "must be a string": true, but not the mistake, since every parameter
 * of a query is text. It is named as given more than once instead.
 */
export function describeQueryErrors(errors: readonly FastifySchemaValidationError[], query: unknown): string {
  const first = errors[0];
  if (first?.keyword === 'type' && typeof query === 'object' && query !== null) {
    const name = first.instancePath.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
    const value: unknown = Object.hasOwn(query, name) ? (query as Record<string, unknown>)[name] : undefined;
    if (Array.isArray(value)) return `${fieldPath(first.instancePath)}: is given ${value.length} times in the query; give it once.`;
  }
  return describeSchemaErrors(errors);
}
