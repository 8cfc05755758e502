import { describe, expect, it } from 'vitest';
import experimentsSchema from '../../../schemas/experiments.schema.json';
import providerSchema from '../../../schemas/provider.schema.json';
import surveySchema from '../../../schemas/survey.schema.json';
import toolkitsSchema from '../../../schemas/toolkits.schema.json';
import { AUDIENCES, PAYLOAD_SLOTS } from '../../../src/model';

/** Every object schema (one with `properties`) in a schema, with its JSON pointer; `if` conditions are tests, not blocks. */
function objectSchemas(node: unknown, pointer = '#'): [string, Record<string, unknown>][] {
  if (typeof node !== 'object' || node === null) return [];
  const entries = Object.entries(node)
    .filter(([key]) => key !== 'if')
    .flatMap(([key, value]) => objectSchemas(value, `${pointer}/${key}`));
  const record = node as Record<string, unknown>;
  const isObjectSchema = record.type === 'object' && 'properties' in record;
  return isObjectSchema ? [[pointer, record], ...entries] : entries;
}

describe('authoring schemas', () => {
  const schemas = { survey: surveySchema, toolkits: toolkitsSchema, provider: providerSchema, experiments: experimentsSchema };

  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: every block rejects unknown keys and has a description or title`, () => {
      for (const [pointer, object] of objectSchemas(schema)) {
        // The step and field dispatchers pass each block on to a definition that rejects unknown keys.
        const dispatches = Array.isArray(object.allOf);
        if (!dispatches) expect(object.additionalProperties, pointer).toBe(false);
        expect(typeof object.description === 'string' || typeof object.title === 'string', pointer).toBe(true);
      }
    });
  }

  it('offers exactly the payload slots and audiences of the model', () => {
    expect(surveySchema.definitions.slot.enum).toEqual(PAYLOAD_SLOTS);
    expect(surveySchema.definitions.audience.enum).toEqual([...AUDIENCES, 'all']);
  });
});
