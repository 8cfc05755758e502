// The browser build's stand-in for RJSF's shallow allOf merge (src/renderer/lean/all-of-merge.ts) merges
// as the library does: for every step the compiler writes, as RJSF resolves it for each answer, and for
// random schemas made of the keywords it takes on; and it only meets those keywords in the survey.
import { describe, expect, it, vi } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import libraryMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import validator from '@rjsf/validator-ajv8';
import type { JsonSchema } from '../../../src/model';
import leanMerge from '../../../src/renderer/lean/all-of-merge';
import { randomSource, type Random } from '../seeded-random';
import { stepSchemas } from '../survey-forms';

type Schema = Record<string, unknown> | boolean;

/** Answers a step's form may hold: each answer alone (with text in every box), all of them, and none. */
function answersOf(schema: JsonSchema): Record<string, unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, { enum?: string[]; items?: { enum?: string[] }; properties?: Record<string, unknown> }>;
  const details = Object.fromEntries(Object.keys(properties.details?.properties ?? {}).map((id) => [id, 'text']));
  const single = properties.answer?.enum ?? [];
  const many = properties.answers?.items?.enum ?? [];
  return [{}, ...single.map((answer) => ({ answer, details })), ...many.map((answer) => ({ answers: [answer], details })), ...(many.length > 0 ? [{ answers: many, details }] : [])];
}

/** The outcome of a merge, comparable with toEqual: its JSON (key order included) or that it threw. */
function outcome(merge: (schema: Schema) => Schema, schema: Schema): string {
  try {
    return JSON.stringify(merge(structuredClone(schema)));
  } catch {
    return 'throws';
  }
}

/** The keywords the random schemas below are made of: those the stand-in merges as the library does. */
const MERGED_KEYWORDS = [
  'type', 'enum', 'const', 'title', 'required', 'properties', 'additionalProperties', 'pattern', 'maxLength', 'minLength',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems', 'readOnly', 'writeOnly', 'items', 'if', 'then', 'else', 'allOf',
] as const;

function randomSchema(random: Random, depth: number): Schema {
  if (random.next() < 0.08) return random.pick([true, false, {}]);
  const schema: Record<string, unknown> = {};
  const sub = () => randomSchema(random, depth + 1);
  for (const keyword of random.some(MERGED_KEYWORDS).slice(0, 4)) {
    const nested = depth < 2;
    switch (keyword) {
      case 'type': schema.type = random.next() < 0.2 ? random.some(['string', 'number', 'integer', 'object']) : random.pick(['string', 'number', 'integer', 'object', 'array']); break;
      case 'enum': schema.enum = [...random.some(['a', 'b', 'c', 1, 2, true]), 'b']; break;
      case 'const': schema.const = random.pick(['a', 1, true]); break;
      case 'title': schema.title = random.pick(['A', 'B']); break;
      case 'required': schema.required = random.some(['a', 'b', 'c']); break;
      case 'properties': if (nested) schema.properties = Object.fromEntries(random.some(['a', 'b', 'c']).map((key) => [key, sub()])); break;
      case 'additionalProperties': schema.additionalProperties = nested && random.next() < 0.3 ? sub() : random.pick([true, false]); break;
      case 'pattern': schema.pattern = random.pick(['\\S', 'a+', '^b']); break;
      case 'uniqueItems': case 'readOnly': case 'writeOnly': schema[keyword] = random.pick([true, false]); break;
      case 'items': if (nested) schema.items = sub(); break;
      case 'if': case 'then': case 'else': if (nested) schema[keyword] = sub(); break;
      case 'allOf': if (nested) schema.allOf = Array.from({ length: 1 + random.below(3) }, sub); break;
      default: schema[keyword] = random.below(6);
    }
  }
  return schema;
}

describe('the stand-in for RJSF’s shallow allOf merge', () => {
  it('resolves every step of the shipped and the example surveys as RJSF’s own does, for each answer', async () => {
    const warn = vi.spyOn(console, 'warn');
    let merged = 0;
    try {
      for (const [name, schema] of await stepSchemas()) {
        for (const formData of answersOf(schema)) {
          const rjsfSchema = schema as RJSFSchema;
          const expected = retrieveSchema(validator, rjsfSchema, rjsfSchema, formData);
          const actual = retrieveSchema(validator, rjsfSchema, rjsfSchema, formData, (withAllOf) => leanMerge(withAllOf as Schema) as RJSFSchema);
          expect(JSON.stringify(actual), `${name} ${JSON.stringify(formData)}`).toBe(JSON.stringify(expected));
          if (schema.allOf !== undefined && JSON.stringify(expected) !== JSON.stringify({ ...schema, allOf: undefined })) merged += 1;
        }
      }
      // RJSF warns when a merge throws and then leaves the allOf out: neither merge may have.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect(merged, 'answers whose box the merge made required').toBeGreaterThan(5);
  });

  it('merges random schemas of the keywords it takes on as the library does, conflicts included', () => {
    const random = randomSource(18);
    const outcomes = { merged: 0, threw: 0, false: 0 };
    for (let round = 0; round < 3000; round += 1) {
      const schema = { ...(randomSchema(random, 1) as object), allOf: Array.from({ length: 1 + random.below(3) }, () => randomSchema(random, 0)) };
      const expected = outcome(libraryMerge as (schema: Schema) => Schema, schema);
      expect(outcome(leanMerge, schema), JSON.stringify(schema)).toBe(expected);
      outcomes[expected === 'throws' ? 'threw' : expected === 'false' ? 'false' : 'merged'] += 1;
    }
    // Not vacuous: most merge, and conflicts (types, enums, bounds) and `false` both come up.
    expect(outcomes.merged).toBeGreaterThan(1500);
    expect(outcomes.threw).toBeGreaterThan(100);
    expect(outcomes.false).toBeGreaterThan(20);
  });

  it.each([
    ['anyOf', { anyOf: [{ type: 'string' }] }, { anyOf: [{ maxLength: 2 }] }],
    ['not', { not: { const: 'a' } }, { not: { const: 'b' } }],
    ['patternProperties', { patternProperties: { '^a': { type: 'string' } } }, { properties: { a: { maxLength: 2 } } }],
    ['contains', { contains: { const: 'a' } }, { contains: { const: 'b' } }],
    ['items as a list', { items: [{ type: 'string' }] }, { items: { maxLength: 2 } }],
    ['multipleOf', { multipleOf: 2 }, { multipleOf: 3 }],
  ])('throws, where the library merges, on %s in both schemas', (_, left, right) => {
    const schema = { allOf: [left, right] };
    expect(outcome(libraryMerge as (schema: Schema) => Schema, schema)).not.toBe('throws');
    expect(() => leanMerge(schema)).toThrow('is not merged in this build');
  });

  it('meets in the survey only the keywords it merges as the library does', async () => {
    const found = new Set<string>();
    // An `if` is only ever validated against the answers (RJSF resolves it before the merge), never merged.
    const collect = (schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null) return;
      for (const [keyword, value] of Object.entries(schema)) {
        found.add(keyword);
        if (keyword === 'properties') Object.values(value as object).forEach(collect);
        else if (keyword === 'allOf') (value as unknown[]).forEach(collect);
        else if (['items', 'then', 'else', 'additionalProperties'].includes(keyword)) collect(value);
      }
    };
    for (const [, schema] of await stepSchemas()) collect(schema);
    expect([...found].filter((keyword) => !(MERGED_KEYWORDS as readonly string[]).includes(keyword))).toEqual([]);
    expect(found.has('allOf')).toBe(true);
  });
});
