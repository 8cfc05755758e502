import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import experimentsSchema from '../../../schemas/experiments.schema.json';
import providerSchema from '../../../schemas/provider.schema.json';
import surveySchema from '../../../schemas/survey.schema.json';
import toolkitsSchema from '../../../schemas/toolkits.schema.json';
import { fileKind, isYamlFile } from '../../../scripts/survey/file-kind';
import type { FileKind } from '../../../scripts/survey/file-kind';

// Editors with YAML language support (VS Code's YAML extension and others built on yaml-language-server)
// complete and check a file's keys from the schema its first line names, and show each key's description.

/** The authoring schema the checker applies to each kind of file (scripts/survey/schema-check.ts). */
const SCHEMA_FILES: Record<FileKind, string> = {
  survey: 'schemas/survey.schema.json',
  toolkits: 'schemas/toolkits.schema.json',
  provider: 'schemas/provider.schema.json',
  policies: 'schemas/policies.schema.json',
  experiments: 'schemas/experiments.schema.json',
};

const SCHEMA_LINE = /^# yaml-language-server: \$schema=(\S+)\s*$/;

/** Every YAML file under `dir`, in subfolders too, as paths relative to the working directory. */
function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return yamlFilesUnder(path);
      return entry.isFile() && isYamlFile(entry.name) ? [path] : [];
    })
    .sort();
}

/** What is wrong with the schema line of `file` (whose text is `text`), or nothing. */
function schemaLineProblems(file: string, text: string): string[] {
  const firstLine = text.split('\n', 1)[0] ?? '';
  const named = SCHEMA_LINE.exec(firstLine)?.[1];
  if (named === undefined) return [`${file}: the first line is not '# yaml-language-server: $schema=<path of its schema>'`];
  const target = resolve(dirname(file), named);
  const expected = resolve(SCHEMA_FILES[fileKind(file)]);
  if (!existsSync(target)) return [`${file}: the schema ${named} does not exist`];
  if (target !== expected) return [`${file}: names ${relative('.', target)}, but the checker applies ${SCHEMA_FILES[fileKind(file)]}`];
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasDescription(schema: unknown): boolean {
  return isRecord(schema) && typeof schema.description === 'string' && schema.description.trim() !== '';
}

/** A JSON pointer's segment for `key`. */
function segment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The subschemas that describe the same value as their parent, under the keywords that hold them. */
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const CONDITIONS = ['if', 'then', 'else'] as const;
/** The subschemas that describe other values (a property's, an item's) or are definitions. */
const OTHER_VALUE_SCHEMAS = ['additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'not'] as const;
const DEFINITION_MAPS = ['definitions', '$defs'] as const;
const PROPERTY_MAPS = ['properties', 'patternProperties'] as const;

/**
 * The JSON pointers of the keys in `schema` that carry no description of their own: every property (and
 * pattern property) of every object, wherever it sits (definitions, items, allOf/anyOf/oneOf, if/then/else),
 * and the schema of the values of free-named keys (`additionalProperties`). A key inside an `if`, `then` or
 * `else` may go without one when the object it belongs to describes the same key: there it only tests a value
 * (`type: const: choice`) or allows a key the object describes (`discount: true`).
 */
function undescribedKeys(schema: unknown): string[] {
  const missing: string[] = [];
  visit(schema, '#', new Set(), false);
  return missing;

  function visit(node: unknown, pointer: string, describedHere: ReadonlySet<string>, inCondition: boolean): void {
    if (!isRecord(node)) return;
    const sameValue = new Set(describedHere);
    for (const map of PROPERTY_MAPS) {
      const properties = node[map];
      if (!isRecord(properties)) continue;
      for (const [key, property] of Object.entries(properties)) {
        if (hasDescription(property)) sameValue.add(key);
      }
    }
    for (const map of PROPERTY_MAPS) {
      const properties = node[map];
      if (!isRecord(properties)) continue;
      for (const [key, property] of Object.entries(properties)) {
        const at = `${pointer}/${map}/${segment(key)}`;
        if (!hasDescription(property) && !(inCondition && describedHere.has(key))) missing.push(at);
        visit(property, at, new Set(), false);
      }
    }
    if (isRecord(node.additionalProperties) && !hasDescription(node.additionalProperties)) {
      missing.push(`${pointer}/additionalProperties`);
    }
    for (const keyword of OTHER_VALUE_SCHEMAS) {
      const sub = node[keyword];
      if (Array.isArray(sub)) sub.forEach((item, i) => visit(item, `${pointer}/${keyword}/${i}`, new Set(), false));
      else visit(sub, `${pointer}/${keyword}`, new Set(), false);
    }
    for (const map of DEFINITION_MAPS) {
      const definitions = node[map];
      if (!isRecord(definitions)) continue;
      for (const [name, definition] of Object.entries(definitions)) visit(definition, `${pointer}/${map}/${segment(name)}`, new Set(), false);
    }
    for (const keyword of SAME_VALUE_LISTS) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((item, i) => visit(item, `${pointer}/${keyword}/${i}`, sameValue, inCondition));
    }
    for (const keyword of CONDITIONS) visit(node[keyword], `${pointer}/${keyword}`, sameValue, true);
  }
}

describe('editor support: the schema line of each survey file', () => {
  const files = yamlFilesUnder('survey');

  it('finds the shipped files, in subfolders too', () => {
    expect(files).toEqual(expect.arrayContaining(['survey/cancellation.yaml', 'survey/growth-kit.yaml', 'survey/provider.yaml', 'survey/toolkits.yaml']));
  });

  it('every YAML file under survey/ names, on its first line, the schema the checker applies to it', () => {
    expect(files.flatMap((file) => schemaLineProblems(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('reports a missing line, a schema that does not exist and the schema of another kind of file', () => {
    expect(schemaLineProblems('survey/new.yaml', '# A new survey.\nid: new\n')).toEqual([
      "survey/new.yaml: the first line is not '# yaml-language-server: $schema=<path of its schema>'",
    ]);
    // In a subfolder the path climbs one more level.
    expect(schemaLineProblems('survey/examples/short.yaml', '# yaml-language-server: $schema=../schemas/survey.schema.json\n')).toEqual([
      'survey/examples/short.yaml: the schema ../schemas/survey.schema.json does not exist',
    ]);
    expect(schemaLineProblems('survey/examples/short.yaml', '# yaml-language-server: $schema=../../schemas/survey.schema.json\n')).toEqual([]);
    expect(schemaLineProblems('survey/toolkits.yaml', '# yaml-language-server: $schema=../schemas/survey.schema.json\n')).toEqual([
      'survey/toolkits.yaml: names schemas/survey.schema.json, but the checker applies schemas/toolkits.schema.json',
    ]);
  });
});

describe('editor support: descriptions in the authoring schemas', () => {
  const schemas = { survey: surveySchema, toolkits: toolkitsSchema, provider: providerSchema, experiments: experimentsSchema };

  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: every key a product manager writes has a description`, () => {
      expect(undescribedKeys(schema)).toEqual([]);
    });
  }

  it('names each key without a description, wherever it sits', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { enum: ['a', 'b'], description: 'Which kind.' },
        blank: { type: 'string', description: '  ' },
        list: { type: 'array', description: 'A list.', items: { type: 'object', properties: { inItem: { type: 'string' } } } },
        free: { type: 'object', description: 'Free names.', additionalProperties: { type: 'integer' } },
      },
      definitions: { thing: { type: 'object', properties: { inDefinition: { $ref: '#/definitions/other' } } } },
      oneOf: [{ properties: { inBranch: { type: 'string' } } }],
      allOf: [
        {
          // `kind` is described by the object: testing it needs no description; `extra` is described nowhere.
          if: { properties: { kind: { const: 'a' } } },
          then: { properties: { kind: true, extra: true } },
        },
      ],
    };
    expect(undescribedKeys(schema)).toEqual([
      '#/properties/blank',
      '#/properties/list/items/properties/inItem',
      '#/properties/free/additionalProperties',
      '#/definitions/thing/properties/inDefinition',
      '#/allOf/0/then/properties/extra',
      '#/oneOf/0/properties/inBranch',
    ]);
  });
});
