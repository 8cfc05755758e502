// The unused-code build plugin (scripts/build/unused-code-plugin.mjs): what it leaves out is gone
// from the bundle, what stands in for it behaves, and the compiled surveys keep to what it assumes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStepOfType, type CompiledBundle, type JsonSchema } from '../../../src/model';
import { MODULE_STUBS, RJSF_REPLACED_TEMPLATES, RJSF_UNUSED, RJSF_UTILS_UNUSED, unusedCodePlugin } from '../../../scripts/build/unused-code-plugin.mjs';
import { templates } from '../../../src/renderer/registry';
import { STEP_FIELD_NAMES } from '../../../src/renderer/kinds/renderers';

const ROOT = process.cwd();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache-unused-code-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bundles `source` for Node with the plugin (or without), and imports the result. */
async function bundleAndImport(name: string, source: string, withPlugin = true): Promise<{ module: Record<string, unknown>; inputs: string[] }> {
  const entry = join(dir, `${name}.entry.mjs`);
  const outfile = join(dir, `${name}.mjs`);
  await writeFile(entry, source);
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
    // React stays Node's own (its CommonJS server build cannot be bundled into an ES module).
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    plugins: withPlugin ? [unusedCodePlugin()] : [],
  });
  const module = (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
  return { module, inputs: Object.keys(result.metafile.inputs) };
}

describe('unused-code plugin', () => {
  it('renders a Markdown description as plain, escaped text, without the Markdown parser', async () => {
    const { module, inputs } = await bundleAndImport(
      'markdown',
      `
      import { createElement } from 'react';
      import { renderToStaticMarkup } from 'react-dom/server';
      import RichDescription from '@rjsf/core/lib/components/RichDescription.js';
      const registry = { globalUiOptions: {} };
      export const html = (text) => renderToStaticMarkup(createElement(RichDescription, {
        description: text, registry, uiSchema: { 'ui:enableMarkdownInDescription': true },
      }));
      `,
    );
    const html = module.html as (text: string) => string;
    expect(html('**Bold** and <b>tags</b> stay as typed')).toBe('**Bold** and &lt;b&gt;tags&lt;/b&gt; stay as typed');
    expect(html('')).toBe('');
    expect(inputs.some((input) => input.includes('node_modules/markdown-to-jsx'))).toBe(false);
  });

  // The libraries RJSF reaches only for a $ref or an $id.
  it.each([
    { library: 'fast-uri', source: `import UriResolver from 'fast-uri'; export const call = () => UriResolver.resolve('https://a.example/', 'b');` },
    { library: 'jsonpointer', source: `import jsonpointer from 'jsonpointer'; export const call = () => jsonpointer.get({ a: 1 }, '/a');` },
  ])('leaves $library out, and says why if it is reached after all', async ({ library, source }) => {
    const { module, inputs } = await bundleAndImport(library, source);
    expect(() => (module.call as () => unknown)()).toThrow(new RegExp(`^${library} is left out .*no \\$ref or \\$id`));
    expect(inputs.some((input) => input.includes(`node_modules/${library}`))).toBe(false);
  });

  it('replaces the unused parts of the default RJSF registry by components that name themselves', async () => {
    const { module, inputs } = await bundleAndImport(
      'registry',
      `import fields from '@rjsf/core/lib/components/fields/index.js';
       import widgets from '@rjsf/core/lib/components/widgets/index.js';
       export const all = { ...fields(), ...widgets() };`,
    );
    const all = module.all as Record<string, () => unknown>;
    expect(() => all.ArrayField?.()).toThrow(/RJSF's fields\/ArrayField is left out of the browser bundle/);
    expect(() => all.SelectWidget?.()).toThrow(/widgets\/SelectWidget/);
    // What the surveys use stays the library's own.
    expect(inputs.some((input) => input.endsWith('fields/ObjectField.js'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('fields/StringField.js'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('fields/ArrayField.js'))).toBe(false);
  });

  it('replaces the default templates our registry replaces, and RJSF’s buttons, by components that name themselves', async () => {
    const { module, inputs } = await bundleAndImport(
      'templates',
      `import templates from '@rjsf/core/lib/components/templates/index.js';
       export const all = templates();`,
    );
    const all = module.all as Record<string, (() => unknown) | Record<string, () => unknown>>;
    const call = (component: unknown) => () => (component as () => unknown)();
    expect(call(all.ErrorListTemplate)).toThrow(/RJSF's templates\/ErrorList is left out of the browser bundle: .*a template of its own/);
    expect(call(all.FieldTemplate)).toThrow(/templates\/FieldTemplate is left out/);
    expect(call((all.ButtonTemplates as Record<string, unknown>).SubmitButton)).toThrow(/templates\/ButtonTemplates\/SubmitButton is left out.*brings its own buttons/);
    // What a step may still reach stays the library's own.
    expect(inputs.some((input) => input.endsWith('templates/UnsupportedField.js'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('templates/ObjectFieldTemplate.js'))).toBe(false);
  });

  it('leaves out what only anyOf, oneOf and omitExtraData reach in @rjsf/utils, and resolves our schemas as before', async () => {
    const { module, inputs } = await bundleAndImport(
      'utils',
      `import retrieveSchema, { resolveAnyOrOneOfSchemas } from '@rjsf/utils/lib/schema/retrieveSchema.js';
       import * as schema from '@rjsf/utils/lib/schema/index.js';
       const validator = { isValid: (condition, data) => data.answer === condition.properties.answer.const };
       export const resolve = (s, data) => retrieveSchema(validator, s, s, data);
       export const choose = (s, data) => resolveAnyOrOneOfSchemas(validator, s, s, false, data);
       export const omit = schema.omitExtraData;`,
    );
    const resolve = module.resolve as (schema: JsonSchema, data: Record<string, unknown>) => JsonSchema;
    // A step's conditional box, as the compiler writes it: allOf of if/then.
    const step: JsonSchema = {
      type: 'object',
      properties: { answer: { type: 'string' } },
      allOf: [{ if: { properties: { answer: { const: 'other' } } }, then: { properties: { other: { type: 'string' } }, required: ['other'] } }],
    };
    expect(resolve(step, { answer: 'other' })).toMatchObject({ properties: { answer: { type: 'string' }, other: { type: 'string' } }, required: ['other'] });
    expect(resolve(step, { answer: 'price' })).not.toHaveProperty('required');
    expect(() => (module.choose as typeof resolve)({ anyOf: [{ type: 'string' }, { type: 'boolean' }] }, {})).toThrow(/utils\/schema\/getFirstMatchingOption is left out of the browser bundle: no compiled survey schema has anyOf or oneOf/);
    expect(() => (module.omit as () => unknown)()).toThrow(/utils\/schema\/omitExtraData is left out/);
    for (const left of Object.keys(RJSF_UTILS_UNUSED)) expect(inputs.some((input) => input.endsWith(`utils/lib/${left}.js`)), left).toBe(false);
  });

  it('names modules that exist, so a library update that renames one is noticed', async () => {
    for (const [path, names] of Object.entries(RJSF_UTILS_UNUSED)) {
      const source = await readFile(join(ROOT, 'node_modules/@rjsf/utils/lib', `${path}.js`), 'utf8');
      expect(source, path).toMatch(/^export default /m);
      for (const name of names) expect(source, `${path} exports ${name}`).toMatch(new RegExp(`^export (function|const) ${name}\\b`, 'm'));
    }
    for (const [folder, names] of Object.entries(RJSF_UNUSED)) {
      for (const name of names) {
        await expect(readFile(join(ROOT, 'node_modules/@rjsf/core/lib/components', folder, `${name}.js`), 'utf8')).resolves.toBeTruthy();
      }
    }
    for (const path of Object.keys(MODULE_STUBS)) {
      const { inputs } = await bundleAndImport(`real-${path.replace(/\W/g, '-')}`, `export * from '${path}';`, false);
      expect(inputs.length).toBeGreaterThan(1);
    }
  });
});

/**
 * The names src/renderer/registry.ts registers: the kinds' fields (src/renderer/kinds/renderers.ts), and
 * the widgets its map declares (`export const widgets ... = { A, B }`).
 */
async function registryNames(map: 'fields' | 'widgets'): Promise<string[]> {
  if (map === 'fields') return [...STEP_FIELD_NAMES];
  const source = await readFile(join(ROOT, 'src/renderer/registry.ts'), 'utf8');
  const body = new RegExp(`export const ${map}\\b[^=]*=\\s*\\{([^}]*)\\}`).exec(source)?.[1] ?? '';
  return body.split(',').map((name) => name.trim().split(':')[0]?.trim() ?? '').filter(Boolean);
}

/** Every sub-schema of `schema`, itself included. */
function subSchemas(schema: unknown): Record<string, unknown>[] {
  if (Array.isArray(schema)) return schema.flatMap(subSchemas);
  if (typeof schema !== 'object' || schema === null) return [];
  return [schema as Record<string, unknown>, ...Object.values(schema).flatMap(subSchemas)];
}

describe('the compiled surveys keep to what the left-out code assumes', () => {
  it('no step form omits extra data (that path of RJSF is left out)', async () => {
    const form = await readFile(join(ROOT, 'src/renderer/StepForm.tsx'), 'utf8');
    expect(form).toContain('<Form');
    expect(form).not.toMatch(/omitExtraData|liveOmit/);
  });

  it('our registry draws every template whose RJSF default is left out', () => {
    expect(Object.keys(templates)).toEqual(expect.arrayContaining(RJSF_REPLACED_TEMPLATES));
    const replaced = RJSF_UNUSED.templates.filter((name) => !/^(Array|BaseInput|Cyclic|Fallback|Grid|MultiSchema|OptionalData|WrapIf|ButtonTemplates)/.test(name));
    expect(replaced).toHaveLength(RJSF_REPLACED_TEMPLATES.length);
  });

  it('no $ref, $id, anyOf or oneOf; only objects, strings and booleans; every field drawn by our registry', async () => {
    const bundle = JSON.parse(await readFile(join(ROOT, 'src/generated/survey.json'), 'utf8')) as CompiledBundle;
    const [fields, widgets] = await Promise.all([registryNames('fields'), registryNames('widgets')]);
    expect(fields.length).toBeGreaterThan(0);
    expect(widgets.length).toBeGreaterThan(0);
    let forms = 0;
    for (const survey of Object.values(bundle.surveys)) {
      for (const flow of Object.values(survey.audiences)) {
        for (const step of Object.values(flow.steps)) {
          if (isStepOfType(step, 'offer')) continue;
          forms += 1;
          const { schema, uiSchema } = step.form;
          const where = `step '${step.id}'`;
          for (const sub of subSchemas(schema)) {
            for (const key of ['$ref', '$id', 'anyOf', 'oneOf', 'format']) expect(sub, `${where}: ${key}`).not.toHaveProperty(key);
            if (typeof sub.type === 'string') expect(['object', 'string', 'boolean'], `${where}: type ${sub.type}`).toContain(sub.type);
          }
          expect(JSON.stringify(uiSchema), where).not.toMatch(/enableMarkdown|enableOptionalDataFieldForType/);
          const field = uiSchema['ui:field'];
          if (field !== undefined) {
            expect(fields, where).toContain(field);
            continue;
          }
          // The closing form: each property is a leaf with one of our widgets.
          for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
            expect(['string', 'boolean'], `${where}.${name}`).toContain(property.type);
            expect(widgets, `${where}.${name}`).toContain((uiSchema[name] as JsonSchema | undefined)?.['ui:widget']);
          }
        }
      }
    }
    expect(forms).toBeGreaterThan(5);
  });
});
