import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { CancelControl, CancellationPolicy, CompiledExperiment, CompiledPolicies, ExperimentOverlay, ProviderSettings } from '../../src/model';
import experimentsSchema from '../../schemas/experiments.schema.json';
import policiesSchema from '../../schemas/policies.schema.json';
import providerSchema from '../../schemas/provider.schema.json';
import surveySchema from '../../schemas/survey.schema.json';
import toolkitsSchema from '../../schemas/toolkits.schema.json';
import type { FileKind } from './file-kind';
import type { YamlFile, YamlPath } from './load-yaml';
import { problemAt } from './problems';
import type { Problem, ProblemCode } from './problems';
import { closestName, didYouMean } from './suggest';

let validators: Record<FileKind, ValidateFunction> | undefined;

/** The authoring-schema validators, compiled once per process. */
function authoringValidators(): Record<FileKind, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
    validators = {
      survey: ajv.compile(surveySchema),
      toolkits: ajv.compile(toolkitsSchema),
      provider: ajv.compile(providerSchema),
      policies: ajv.compile(policiesSchema),
      experiments: ajv.compile(experimentsSchema),
    };
  }
  return validators;
}

/** Validates a parsed file against its authoring schema; each ajv error becomes a problem at its YAML node. */
export function checkSchema(yaml: YamlFile, kind: FileKind): Problem[] {
  const validate = authoringValidators()[kind];
  if (validate(yaml.data)) return [];
  const errors = validate.errors ?? [];
  return errors.flatMap((error) => {
    const problem = describeError(error, yaml, errors);
    if (!problem) return [];
    return [problemAt(yaml.file, yaml.locate(problem.path, problem.part), problem.code, problem.message)];
  });
}

interface Described {
  code: ProblemCode;
  path: YamlPath;
  part: 'key' | 'value';
  message: string;
}

function describeError(error: ErrorObject, yaml: YamlFile, errors: readonly ErrorObject[]): Described | undefined {
  const path = pointerToPath(error.instancePath, yaml.data);
  const name = nameOf(path);
  const parent = error.parentSchema ?? {};
  const where = typeof parent.title === 'string' ? parent.title : 'block';
  const params: Record<string, unknown> = error.params;

  // A failed `if` or `propertyNames` only repeats what the error under it already reported.
  if (error.keyword === 'if' || error.keyword === 'propertyNames') return undefined;

  if (path[0] === 'limits' && path.length === 2 && (error.keyword === 'type' || error.keyword === 'minimum')) {
    return {
      code: 'bad-limit',
      path,
      part: 'value',
      message: `limit ${name} must be a positive whole number, not ${show(error.data)}${error.keyword === 'type' ? typeAdvice('integer', error.data, path, undefined) : ''}`,
    };
  }
  if (error.propertyName !== undefined) {
    const hint = typeof parent.description === 'string' ? `: use ${parent.description}` : '';
    return {
      code: 'invalid-value',
      path: [...path, error.propertyName],
      part: 'key',
      message: `'${error.propertyName}' cannot be a name here${hint}`,
    };
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = knownKeys(parent);
      return {
        code: 'unknown-key',
        path: [...path, key],
        part: 'key',
        message: `'${key}' is not a key of ${withArticle(where)}${didYouMean(key, known)}`,
      };
    }
    case 'required': {
      // A required key misspelt (`qestion:`, `Text:`, `nxt:`) is one mistake, told at the misspelt key.
      const wanted = String(params.missingProperty);
      const misspelt = misspeltKey(error.data, wanted, parent);
      if (misspelt !== undefined) {
        const told = errors.some(
          (other) =>
            other.keyword === 'additionalProperties' &&
            other.instancePath === error.instancePath &&
            other.params.additionalProperty === misspelt &&
            closestName(misspelt, knownKeys(other.parentSchema)) === wanted,
        );
        if (told) return undefined;
        return {
          code: 'unknown-key',
          path: [...path, misspelt],
          part: 'key',
          message: `'${misspelt}' is not a key of ${withArticle(where)} (did you mean '${wanted}'?)`,
        };
      }
      // A key required by a branch of `if`: say on what it depends (`a block with kind: discount`).
      const condition = where === 'block' ? conditionOf(error, errors) : undefined;
      return {
        code: 'missing-key',
        path,
        part: 'value',
        message: `${withArticle(condition?.title ?? where)}${condition ? ` with ${condition.text}` : ''} needs '${String(params.missingProperty)}'`,
      };
    }
    case 'false schema': {
      // A key a branch of `if` leaves out (`undoDays` where `effect` is not `immediate`).
      const condition = conditionOf(error, errors);
      const onlyWith = condition?.branch === 'else' ? ` only goes with ${condition.text}` : condition ? ` does not go with ${condition.text}` : ' is not allowed here';
      return { code: 'unknown-key', path, part: 'key', message: `${name}${onlyWith}: remove it` };
    }
    case 'uniqueItems': {
      const repeated = Array.isArray(error.data) ? error.data[Number(params.i)] : undefined;
      return { code: 'invalid-value', path, part: 'value', message: `${name} lists ${show(repeated)} twice: list each once` };
    }
    case 'minProperties':
      return { code: 'invalid-value', path, part: 'value', message: `${name} needs at least ${String(params.limit)} key${params.limit === 1 ? '' : 's'}, not an empty block` };
    case 'maximum':
      return { code: 'invalid-value', path, part: 'value', message: `${name} must be at most ${String(params.limit)}, not ${show(error.data)}` };
    case 'type': {
      // A number or true/false is named as written (`0x1F`, not 31).
      const written = typeof error.data === 'number' || typeof error.data === 'boolean' ? yaml.plainAt(path) : undefined;
      return {
        code: 'wrong-type',
        path,
        part: 'value',
        message: `${name} must be ${typeName(params.type)}, not ${written ?? show(error.data)}${typeAdvice(params.type, error.data, path, written)}`,
      };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      return {
        code: 'invalid-value',
        path,
        part: 'value',
        message: `${name} must be one of ${allowed.join(', ')}, not ${show(error.data)}${didYouMean(String(error.data), allowed)}`,
      };
    }
    case 'pattern': {
      const hint = typeof parent.description === 'string' ? `: use ${parent.description}` : '';
      return { code: 'invalid-value', path, part: 'value', message: `${name} cannot be ${show(error.data)}${hint}` };
    }
    case 'minimum':
      return { code: 'invalid-value', path, part: 'value', message: `${name} must be at least ${String(params.limit)}` };
    case 'minItems':
      return { code: 'invalid-value', path, part: 'value', message: `${name} needs at least ${String(params.limit)} item` };
    default:
      return { code: 'invalid-value', path, part: 'value', message: `${name} ${error.message ?? 'is not valid'}` };
  }
}

/**
 * The condition of the `if` whose `then` or `else` branch raised `error` (ajv reports the `if` beside
 * it, on the same block), when it is one key's constant: `effect: immediate`, and which branch it was.
 */
function conditionOf(error: ErrorObject, errors: readonly ErrorObject[]): { text: string; branch: 'then' | 'else'; title?: string } | undefined {
  const branch = /^(.*)\/(then|else)\//.exec(error.schemaPath);
  if (!branch) return undefined;
  const owner = errors.find(
    (other) =>
      other.keyword === 'if' &&
      other.schemaPath === `${branch[1]}/if` &&
      (error.instancePath === other.instancePath || error.instancePath.startsWith(`${other.instancePath}/`)),
  );
  const parent: unknown = owner?.parentSchema;
  const condition = isRecord(parent) && isRecord(parent.if) && isRecord(parent.if.properties) ? parent.if.properties : undefined;
  const [key, rule] = Object.entries(condition ?? {})[0] ?? [];
  if (key === undefined || !isRecord(rule) || rule.const === undefined) return undefined;
  const title = isRecord(parent) && typeof parent.title === 'string' ? parent.title : undefined;
  return { text: `${key}: ${String(rule.const)}`, branch: branch[2] === 'then' ? 'then' : 'else', ...(title === undefined ? {} : { title }) };
}

/** The keys a block's schema describes. */
function knownKeys(schema: unknown): string[] {
  return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}

/** The key of `block` that misspells the missing `wanted` (`Text`, `nxt`), being no key its schema describes; undefined if none. */
function misspeltKey(block: unknown, wanted: string, schema: unknown): string | undefined {
  if (!isRecord(block)) return undefined;
  const known = knownKeys(schema);
  return Object.keys(block).find((key) => !known.includes(key) && closestName(key, [wanted]) === wanted);
}

/** JSON pointer to path segments; indexes into arrays become numbers. */
function pointerToPath(pointer: string, root: unknown): YamlPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index = Number(segment);
      path.push(index);
      node = node[index];
    } else {
      path.push(segment);
      node = isRecord(node) ? node[segment] : undefined;
    }
  }
  return path;
}

/** How a message names the node at `path`: its quoted key, or `item 2 of 'steps'` inside a list. */
function nameOf(path: YamlPath): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the file';
  if (typeof last === 'number') return `item ${last + 1} of '${String(path[path.length - 2] ?? 'the list')}'`;
  return `'${last}'`;
}

/** 'an answer', 'a choice step', 'an \'Other\' answer'. */
function withArticle(noun: string): string {
  return /^[aeiouAEIOU]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function typeName(type: unknown): string {
  switch (type) {
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list (lines starting with -)';
    case 'object':
      return 'a block of keys (key: value lines)';
    default:
      return String(type);
  }
}

/**
 * What to write instead, where YAML read the value as another type than it looks: `text: 123` or
 * `text: true` is a number or true/false until quoted, and `weight: '50'` is text while quoted.
 */
function typeAdvice(type: unknown, value: unknown, path: YamlPath, written: string | undefined): string {
  const key = path[path.length - 1];
  const as = (example: string): string => (typeof key === 'string' ? `${key}: ${example}` : example);
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return `: YAML reads it as ${typeof value === 'number' ? 'a number' : 'true or false'}; to show it as text, put it in quotes, as in ${as(`'${written ?? String(value)}'`)}`;
  }
  const number = typeof value === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(value) : null;
  if ((type === 'integer' || type === 'number') && number) {
    return `: write the number alone, without ${number[2] ? 'the %' : 'quotes'}, as in ${as(number[1] ?? '')}`;
  }
  return '';
}

/** A short description of a wrong value for a message. */
function show(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a block of keys';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider settings when `data` matches schemas/provider.schema.json, which describes ProviderSettings. */
export function readProvider(data: unknown): ProviderSettings | undefined {
  const validate = authoringValidators().provider as ValidateFunction<ProviderSettings>;
  return validate(data) ? data : undefined;
}

/** policies.yaml as authored, when `data` matches schemas/policies.schema.json. */
interface AuthoredPolicies {
  default: string;
  countries: Record<string, string>;
  policies: (Omit<CancellationPolicy, 'draft' | 'cancelNow'> & { draft?: boolean; cancelNow?: Omit<CancelControl, 'on'> & { on?: CancelControl['on'] } })[];
}

/** The compiled policies when `data` matches schemas/policies.schema.json (defaults filled in), else undefined. */
export function readPolicies(data: unknown): CompiledPolicies | undefined {
  const validate = authoringValidators().policies as ValidateFunction<AuthoredPolicies>;
  if (!validate(data)) return undefined;
  const policies: Record<string, CancellationPolicy> = {};
  for (const { draft, cancelNow, ...rules } of data.policies) {
    policies[rules.id] = {
      ...rules,
      draft: draft ?? false,
      ...(cancelNow ? { cancelNow: { ...cancelNow, on: cancelNow.on ?? 'every-screen' } } : {}),
    };
  }
  return { default: data.default, countries: { ...data.countries }, policies };
}

/** experiments.yaml as authored, when `data` matches schemas/experiments.schema.json. */
interface AuthoredExperiments {
  experiments: (Omit<CompiledExperiment, 'variants'> & { variants: { id: string; weight: number; overlay?: ExperimentOverlay }[] })[];
}

/**
 * The compiled experiments when `data` matches schemas/experiments.schema.json, else undefined: the
 * first variant of each is its control, and an overlay is written without what changes nothing
 * (`holdout: false`).
 */
export function readExperiments(data: unknown): CompiledExperiment[] | undefined {
  const validate = authoringValidators().experiments as ValidateFunction<AuthoredExperiments>;
  if (!validate(data)) return undefined;
  return data.experiments.map((experiment) => ({
    ...experiment,
    variants: experiment.variants.map(({ overlay = {}, ...variant }, index) => {
      const { holdout, ...parts } = overlay;
      return { ...variant, control: index === 0, overlay: holdout ? { ...parts, holdout } : parts };
    }),
  }));
}
