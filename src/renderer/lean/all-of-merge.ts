// RJSF's shallow allOf merge (@rjsf/utils lib/schema/shallowAllOfMerge.js) for the keywords the survey
// compiler writes, for the browser build (scripts/build/lean-modules-plugin.mjs). RJSF builds it from
// @x0k/json-schema-merge, which merges every JSON Schema keyword (3.8 KB gzip of the first screen).
// retrieveSchema merges a step's allOf once its if/then branches are resolved: the step's schema with
// the `then` of each chosen answer that has a box. This merges as the library does, with the same
// result, key order and errors, for: type, enum of strings, numbers and booleans, required,
// properties with additionalProperties, items as one schema, pattern, the bounds (minimum to
// maxProperties), uniqueItems, readOnly, writeOnly, if/then/else, and the keywords where the first
// schema's value stands (title, const, default and any the library does not know). The other keywords
// the library merges (anyOf, not, patternProperties, contains, ...) throw when both schemas hold one,
// and RJSF then renders the schema without its allOf, with a console warning.
// tests/unit/build/lean-all-of-merge.test.ts checks that every schema the compiler writes keeps to
// that list, and compares the results with the library's.

type Schema = Record<string, unknown>;
type Definition = Schema | boolean;

/** Merges the `allOf` of `schema` (and theirs, depth first) into one schema, as RJSF's does. */
export default function shallowAllOfMerge(schema: Definition): Definition {
  return mergeAll(flattenAllOf(schema));
}

function flattenAllOf(schema: Definition): Definition[] {
  if (typeof schema === 'boolean' || schema.allOf === undefined) return [schema];
  const { allOf, ...rest } = schema;
  return [rest, ...(allOf as Definition[]).flatMap(flattenAllOf)];
}

function mergeAll(schemas: Definition[]): Definition {
  let result = schemas[0] as Definition;
  for (const next of schemas.slice(1)) {
    const merged = merge(result, next);
    if (merged === false) return false;
    if (!allowsAny(merged)) result = merged;
  }
  return result;
}

function allowsAny(definition: unknown): boolean {
  return typeof definition === 'object' && definition !== null ? Object.keys(definition).length === 0 : definition === true;
}

/** The keywords merged together once the rest is merged, where the first schema holds one of them. */
const GROUPS: Record<string, string[]> = {
  properties: ['properties', 'patternProperties', 'additionalProperties'],
  items: ['items', 'additionalItems'],
  condition: ['if', 'then', 'else'],
  contains: ['contains'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([group, keys]) => keys.map((key) => [key, group] as const)));

/** Bounds that must not cross once merged: [lower, upper, whether the upper may equal the lower]. */
const BOUNDS: [string, string, boolean][] = [
  ['minimum', 'maximum', true],
  ['exclusiveMinimum', 'maximum', false],
  ['minimum', 'exclusiveMaximum', false],
  ['exclusiveMinimum', 'exclusiveMaximum', false],
  ['minLength', 'maxLength', true],
  ['minItems', 'maxItems', true],
  ['minProperties', 'maxProperties', true],
];

const UNSUPPORTED = new Set(['$defs', 'definitions', 'not', 'anyOf', 'oneOf', 'allOf', 'propertyNames', 'dependencies', 'examples', 'multipleOf']);

function unsupported(keyword: string): never {
  throw new Error(`allOf: "${keyword}" in both schemas is not merged in this build`);
}

function merge(left: Definition, right: Definition): Definition {
  if (left === false || right === false) return false;
  if (allowsAny(left)) return allowsAny(right) ? true : right;
  // Past the two lines above, a boolean schema is `true`, which allows anything.
  if (typeof left === 'boolean' || typeof right === 'boolean' || allowsAny(right)) return left;
  const target: Schema = { ...left };
  const groups = new Set<string>();
  const bounds = new Set<[string, string, boolean]>();
  for (const [key, value] of Object.entries(right)) {
    if (value === undefined) continue;
    for (const bound of BOUNDS) if ((key === bound[0] && left[bound[1]] !== undefined) || (key === bound[1] && left[bound[0]] !== undefined)) bounds.add(bound);
    const group = GROUP_OF.get(key);
    if (group && GROUPS[group]!.some((groupKey) => left[groupKey] !== undefined)) {
      groups.add(group);
      continue;
    }
    target[key] = left[key] === undefined ? value : mergeKeyword(key, left[key], value);
  }
  for (const group of groups) mergeGroup(group, target, left, right);
  for (const [lower, upper, mayEqual] of bounds) {
    const low = target[lower] as number;
    const high = target[upper] as number;
    if (mayEqual ? high < low : high <= low) throw new Error(`Schema keys '${lower}' and '${upper}' are conflicting (${lower}: ${low}, ${upper}: ${high})`);
  }
  return target;
}

function mergeKeyword(key: string, left: unknown, right: unknown): unknown {
  if (UNSUPPORTED.has(key)) unsupported(key);
  switch (key) {
    case 'type':
      return mergeTypes(left as string | string[], right as string | string[]);
    case 'enum':
      return mergeEnums(left as unknown[], right as unknown[]);
    case 'required':
      return union(left as unknown[], right as unknown[]);
    case 'pattern':
      return left === right ? left : `(?=.*(?:${String(left)}))(?=.*(?:${String(right)}))`;
    case 'maximum':
    case 'exclusiveMaximum':
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return Math.min(left as number, right as number);
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return Math.max(left as number, right as number);
    case 'uniqueItems':
    case 'readOnly':
    case 'writeOnly':
      return left || right;
    default:
      return left;
  }
}

function mergeGroup(group: string, target: Schema, left: Schema, right: Schema): void {
  if (group === 'properties') mergeProperties(target, left, right);
  else if (group === 'items') {
    // With one schema of items on each side (no list, no additionalItems), the library merges the two.
    if (Array.isArray(left.items) || Array.isArray(right.items) || left.additionalItems !== undefined || right.additionalItems !== undefined) unsupported('items');
    target.items = merge(left.items as Definition, right.items as Definition);
  } else if (group === 'condition') {
    const condition: Schema = {};
    for (const key of GROUPS.condition!) if (right[key] !== undefined) condition[key] = right[key];
    target.allOf = target.allOf === undefined ? [condition] : (target.allOf as unknown[]).concat(condition);
  } else unsupported(group);
}

/** Sets `key` to `value`, or removes it where the value allows anything. */
function setOrRemove(target: Schema, key: string, value: unknown): void {
  if (value === undefined || allowsAny(value)) delete target[key];
  else target[key] = value;
}

function mergeProperties(target: Schema, left: Schema, right: Schema): void {
  if (left.patternProperties !== undefined || right.patternProperties !== undefined) unsupported('patternProperties');
  const leftProperties = (left.properties ?? {}) as Record<string, Definition>;
  const rightProperties = (right.properties ?? {}) as Record<string, Definition>;
  const leftExtra = (left.additionalProperties ?? true) as Definition;
  const rightExtra = (right.additionalProperties ?? true) as Definition;
  const leftOpen = allowsAny(leftExtra);
  const rightOpen = allowsAny(rightExtra);
  if (leftOpen && rightOpen) {
    const properties = { ...leftProperties };
    for (const [key, value] of Object.entries(rightProperties)) properties[key] = leftProperties[key] === undefined ? value : merge(leftProperties[key], value);
    setOrRemove(target, 'properties', properties);
    delete target.patternProperties;
    delete target.additionalProperties;
    return;
  }
  setOrRemove(target, 'additionalProperties', merge(leftExtra, rightExtra));
  const properties: Record<string, Definition> = {};
  const add = (key: string, own: Definition, other: Definition | undefined, otherExtra: Definition | undefined) => {
    const property = mergeProperty(own, other, otherExtra);
    if (property !== undefined) properties[key] = property;
  };
  for (const key of Object.keys(leftProperties)) add(key, leftProperties[key]!, rightProperties[key], rightOpen ? undefined : rightExtra);
  for (const key of Object.keys(rightProperties)) if (!(key in leftProperties)) add(key, rightProperties[key]!, undefined, leftOpen ? undefined : leftExtra);
  setOrRemove(target, 'properties', properties);
  delete target.patternProperties;
}

/** One property of a merge where some side limits the others (undefined: the property is dropped). */
function mergeProperty(own: Definition, other: Definition | undefined, otherExtra: Definition | undefined): Definition | undefined {
  if (own === false || other === false) return false;
  if (other !== undefined) return mergeAll([own, other]);
  if (otherExtra === false) return undefined;
  return otherExtra === undefined ? own : mergeAll([own, otherExtra]);
}

/** The library's union: the longer list first, then what the shorter adds. */
function union(left: unknown[], right: unknown[]): unknown[] {
  if (left.length === 0) return right;
  if (right.length === 0) return left;
  const [longer, shorter] = left.length < right.length ? [right, left] : [left, right];
  return [...new Set([...longer, ...shorter])];
}

function intersectTypes(left: string, right: string): string | undefined {
  if (left === right) return left;
  return (left === 'number' && right === 'integer') || (left === 'integer' && right === 'number') ? 'integer' : undefined;
}

function mergeTypes(left: string | string[], right: string | string[]): string | string[] {
  if (left === right) return left;
  if (!Array.isArray(left) && !Array.isArray(right)) {
    const type = intersectTypes(left, right);
    if (type !== undefined) return type;
  } else {
    const found = new Set<string>();
    for (const a of ([] as string[]).concat(left)) {
      for (const b of ([] as string[]).concat(right)) {
        const type = intersectTypes(a, b);
        if (type !== undefined) found.add(type);
      }
    }
    if (found.size > 0) return found.size === 1 ? [...found][0]! : [...found];
  }
  throw new Error(`It is not possible to create an intersection of the following incompatible types: ${String(left)}, ${String(right)}`);
}

const PRIMITIVE_RANK: Record<string, number> = { boolean: 0, number: 1, string: 2 };

/** The values in both enums, sorted as the library sorts them (booleans, numbers, strings, each ascending). */
function mergeEnums(left: unknown[], right: unknown[]): unknown[] {
  if (![...left, ...right].every((value) => typeof value in PRIMITIVE_RANK)) unsupported('enum');
  const order = (a: unknown, b: unknown) => PRIMITIVE_RANK[typeof a]! - PRIMITIVE_RANK[typeof b]! || ((a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0);
  const common = [...new Set(left)].filter((value) => right.includes(value)).sort(order);
  if (common.length === 0) throw new Error(`Intersection of the following enums is empty: "${JSON.stringify(left)}", "${JSON.stringify(right)}"`);
  return common;
}
