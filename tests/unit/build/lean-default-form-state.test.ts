// The browser build's stand-in for RJSF's getDefaultFormState (src/renderer/lean/default-form-state.ts)
// gives the library's state for every step the compiler writes, with each answer, and for random
// schemas and data of the kinds it takes on; and the survey's schemas give no default any other way.
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import libraryState from '@rjsf/utils/lib/schema/getDefaultFormState.js';
import validator from '@rjsf/validator-ajv8';
import leanState from '../../../src/renderer/lean/default-form-state';
import { randomSource, type Random } from '../seeded-random';
import { stepSchemas } from '../survey-forms';

/** StepForm's one option (src/renderer/StepForm.tsx): a `const` is never a default. */
const BEHAVIOR = { constAsDefaults: 'never' } as const;

/** What a state compares as: its value (undefined kept apart from missing) and its JSON, key order included. */
function outcome(state: (schema: RJSFSchema, data: unknown) => unknown, schema: RJSFSchema, data: unknown): { value: unknown; json: string } | 'throws' {
  try {
    const value = state(structuredClone(schema), structuredClone(data));
    return { value, json: JSON.stringify(value) ?? 'undefined' };
  } catch {
    return 'throws';
  }
}

const library = (schema: RJSFSchema, data: unknown) => libraryState(validator, schema, data, schema, false, BEHAVIOR);
const lean = (schema: RJSFSchema, data: unknown) => leanState(validator, schema, data, schema, false, BEHAVIOR);


const KEYS = ['a', 'b', 'c'] as const;
const WORDS = ['x', 'y', 'z'] as const;

/** A schema of what the compiler writes: objects, strings (with enums), booleans, integers, arrays of one item schema. */
function randomSchema(random: Random, depth: number): Record<string, unknown> {
  const kind = depth >= 2 ? random.pick(['string', 'boolean', 'integer', 'enum']) : random.pick(['object', 'object', 'string', 'boolean', 'integer', 'array', 'enum']);
  switch (kind) {
    case 'object': {
      const schema: Record<string, unknown> = { type: random.next() < 0.9 ? 'object' : undefined, properties: Object.fromEntries(random.some(KEYS).map((key) => [key, randomSchema(random, depth + 1)])) };
      if (random.next() < 0.6) schema.required = random.some(KEYS);
      if (random.next() < 0.3) schema.additionalProperties = false;
      if (random.next() < 0.3) {
        // A condition on `a` that, when met, makes `b` a required boolean or object (which then has a state).
        const then = random.next() < 0.7 ? random.pick([{ type: 'boolean' }, { type: 'object', properties: {} }]) : randomSchema(random, depth + 1);
        const condition = { if: { properties: { a: { const: random.pick(WORDS) } }, required: ['a'] }, then: { properties: { b: then }, required: random.next() < 0.8 ? ['b'] : ['c'] } };
        if (random.next() < 0.5) schema.allOf = [condition];
        else Object.assign(schema, condition);
      }
      return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    }
    case 'string':
      return { type: 'string', ...(random.next() < 0.3 ? { maxLength: 3 } : {}), ...(random.next() < 0.2 ? { pattern: '\\S' } : {}) };
    case 'enum':
      return { ...(random.next() < 0.8 ? { type: 'string' } : {}), enum: random.next() < 0.2 ? ['x'] : [...WORDS], ...(random.next() < 0.3 ? { allOf: [{ maxLength: 5 }] } : {}) };
    case 'boolean':
      return { type: 'boolean', ...(random.next() < 0.4 ? { const: true } : {}) };
    case 'integer':
      return { type: 'integer', minimum: 1, maximum: 5 };
    default:
      return {
        type: 'array',
        items: random.next() < 0.7 ? { type: 'string', enum: [...WORDS] } : { type: 'string' },
        ...(random.next() < 0.6 ? { uniqueItems: true } : {}),
        ...(random.next() < 0.5 ? { minItems: random.pick([1, 2]) } : {}),
      };
  }
}

/** Data shaped by the schema more or less: right and wrong values, missing and extra keys. */
function randomData(random: Random, schema: Record<string, unknown> | undefined, depth: number): unknown {
  const roll = random.next();
  if (roll < 0.15) return undefined;
  if (roll < 0.2) return random.pick([null, 3, 'w', true, [], {}]);
  if (schema?.properties || schema?.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const data: Record<string, unknown> = {};
    for (const key of random.some([...KEYS, 'extra'])) data[key] = depth < 3 ? randomData(random, properties[key], depth + 1) : 'x';
    return data;
  }
  if (schema?.type === 'array') return random.some([...WORDS, 'w']).map((word) => (random.next() < 0.1 ? undefined : word));
  if (schema?.type === 'boolean') return random.pick([true, false]);
  if (schema?.type === 'integer') return random.pick([1, 9]);
  return random.pick([...WORDS, 'w', '']);
}

describe('the stand-in for RJSF’s getDefaultFormState', () => {
  it('gives every step of the shipped and the example surveys the library’s state, for each answer and with none', async () => {
    let compared = 0;
    for (const [name, schema] of await stepSchemas()) {
      const properties = (schema.properties ?? {}) as Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
      const answers = [...(properties.answer?.enum ?? []), 'unknown'];
      const many = properties.answers?.items?.enum ?? [];
      const data: unknown[] = [undefined, {}, { details: {} }, ...answers.map((answer) => ({ answer, details: { [answer]: 'text' } })), { answers: many, details: {} }, { answers: ['unknown'] }, { text: 'x' }, { value: 3 }, { name: 'N', agreement: true }];
      for (const formData of data) {
        const expected = outcome(library, schema as RJSFSchema, formData);
        expect(expected, `${name} ${JSON.stringify(formData)}`).not.toBe('throws');
        expect(outcome(lean, schema as RJSFSchema, formData), `${name} ${JSON.stringify(formData)}`).toStrictEqual(expected);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('gives random schemas and data of those kinds the library’s state', () => {
    const random = randomSource(7);
    const seen = { filled: 0, droppedAnswer: 0, requiredFalse: 0, conditional: 0 };
    for (let round = 0; round < 4000; round += 1) {
      const schema = randomSchema(random, 0) as RJSFSchema;
      const formData = randomData(random, schema, 0);
      const expected = outcome(library, schema, formData);
      expect(outcome(lean, schema, formData), `${JSON.stringify(schema)} ${JSON.stringify(formData)}`).toStrictEqual(expected);
      if (expected === 'throws') continue;
      if (expected.json.includes('false')) seen.requiredFalse += 1;
      if (JSON.stringify(schema).includes('"if"') && expected.json.includes('"b":')) seen.conditional += 1;
      if (expected.json !== (JSON.stringify(formData) ?? 'undefined')) seen.filled += 1;
      if (JSON.stringify(formData)?.includes('"w"') && !expected.json.includes('"w"')) seen.droppedAnswer += 1;
    }
    // Not vacuous: the state often differs from the data, by each of the rules.
    expect(seen.filled).toBeGreaterThan(250);
    expect(seen.requiredFalse).toBeGreaterThan(50);
    expect(seen.droppedAnswer).toBeGreaterThan(20);
    expect(seen.conditional).toBeGreaterThan(50);
  });

  it.each([
    ['a default', { type: 'object', properties: { a: { type: 'string', default: 'x' } } }],
    ['oneOf', { type: 'object', properties: { a: { oneOf: [{ const: 'x' }, { const: 'y' }] } } }],
    ['dependencies', { type: 'object', properties: { o: { type: 'object', properties: { a: { type: 'string' } }, dependencies: { a: ['b'] } } } }],
    ['a list of items', { type: 'array', items: [{ type: 'string' }] }],
    ['additional properties', { type: 'object', properties: {}, additionalProperties: { type: 'string' } }],
  ])('says it does not take on %s, where the library would give a default from it', (_, schema) => {
    expect(() => lean(schema as RJSFSchema, { extra: 'x' })).toThrow('is not supported in this build');
  });

  it('says it does not take on other options than StepForm’s', () => {
    const schema: RJSFSchema = { type: 'object', properties: {} };
    expect(() => leanState(validator, schema, {}, schema, false, { constAsDefaults: 'always' })).toThrow('constAsDefaults');
    expect(() => leanState(validator, schema, {}, schema, false, { ...BEHAVIOR, emptyObjectFields: 'skipDefaults' })).toThrow('emptyObjectFields');
    expect(() => leanState(validator, schema, {}, schema, true, BEHAVIOR)).toThrow('includeUndefinedValues');
  });
});
