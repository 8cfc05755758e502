// esbuild plugin: leaves out of the browser bundle the library code the product never runs.
// @rjsf pulls in a Markdown parser, a URI library, a JSON-pointer library and a default registry of
// fields, widgets and templates for JSON Schema features no compiled survey uses. Each left-out
// module is replaced by a stub with the exports its importers name, so the libraries stay as
// published (no fork, no patch), and a stub that is reached after all fails loudly instead of
// rendering something wrong.
// tests/unit/build/unused-code-plugin.test.ts checks the compiled surveys still keep to what the
// stubs assume.

import { relative, resolve, sep } from 'node:path';
import { escapeRegExp } from './escape-regexp.mjs';

/** Why each kind of module can go; quoted by the error a stub throws if it is reached after all. */
const WHY = {
  registry: 'no compiled survey schema has a field of this kind (the registry of src/renderer draws every step)',
  templates: "src/renderer/registry.ts draws this part of every step with a template of its own",
  buttons: 'every step form brings its own buttons, and no step has arrays or additional properties',
  utils: 'no compiled survey schema has anyOf or oneOf, and no step form omits extra data',
  uri: 'the compiled survey schemas have no $ref or $id',
};

/** Stubs for bare imports, by the import path exactly as the libraries write it. */
export const MODULE_STUBS = {
  // @rjsf/core renders descriptions and help as Markdown only when a uiSchema asks for it
  // (`enableMarkdownInDescription`, `enableMarkdownInHelp`), which ours never do; its other uses
  // are texts of fields we leave out below. 87 KB of parser: without it a text shows as written.
  'markdown-to-jsx/react': `
    /** Plain text in place of Markdown: React escapes it like any other text. */
    export function Markdown(props) { return props.children ?? null; }
  `,
  // @rjsf/utils resolves $ref against $id base URIs with fast-uri.
  'fast-uri': `
    const fail = () => { throw new Error(${JSON.stringify(`fast-uri is left out of the browser bundle: ${WHY.uri}`)}); };
    export default { resolve: fail, equal: fail, parse: fail, serialize: fail, normalize: fail, resolveComponent: fail };
  `,
  // @rjsf/utils follows a $ref's JSON pointer with jsonpointer.
  jsonpointer: `
    const fail = () => { throw new Error(${JSON.stringify(`jsonpointer is left out of the browser bundle: ${WHY.uri}`)}); };
    export default { get: fail, set: fail, compile: fail };
  `,
};

/**
 * The parts of @rjsf/core's default registry no step uses, by folder under lib/components. Steps
 * are objects of strings and booleans drawn by our own fields and widgets (src/renderer/registry.ts):
 * no arrays, numbers, nulls, anyOf/oneOf, recursive $ref, grid layouts or optional-data controls,
 * and every leaf names one of our widgets, so none of RJSF's own widgets is ever chosen. The
 * templates the registry replaces by its own (RJSF_REPLACED_TEMPLATES) go too, and the buttons: each
 * step form brings its own.
 */
export const RJSF_UNUSED = {
  fields: [
    'ArrayField',
    'CyclicSchemaField',
    'FallbackField',
    'LayoutGridField',
    'LayoutHeaderField',
    'LayoutMultiSchemaField',
    'MultiSchemaField',
    'NullField',
    'NumberField',
    'OptionalDataControlsField',
  ],
  widgets: [
    'AltDateTimeWidget',
    'AltDateWidget',
    'CheckboxesWidget',
    'CheckboxWidget',
    'ColorWidget',
    'DateTimeWidget',
    'DateWidget',
    'EmailWidget',
    'FileWidget',
    'HiddenWidget',
    'PasswordWidget',
    'RadioWidget',
    'RangeWidget',
    'RatingWidget',
    'SelectWidget',
    'TextareaWidget',
    'TextWidget',
    'TimeWidget',
    'UpDownWidget',
    'URLWidget',
  ],
  templates: [
    'ArrayFieldDescriptionTemplate',
    'ArrayFieldItemButtonsTemplate',
    'ArrayFieldItemTemplate',
    'ArrayFieldTemplate',
    'ArrayFieldTitleTemplate',
    'BaseInputTemplate',
    'CyclicSchemaExpandTemplate',
    'FallbackFieldTemplate',
    'GridTemplate',
    'MultiSchemaFieldTemplate',
    'OptionalDataControlsTemplate',
    'WrapIfAdditionalTemplate',
    'DescriptionField',
    'ErrorList',
    'FieldErrorTemplate',
    'FieldHelpTemplate',
    'FieldTemplate/index',
    'ObjectFieldTemplate',
    'TitleField',
    'ButtonTemplates/index',
  ],
};

/** The registry keys (src/renderer/registry.ts `templates`) whose RJSF defaults are left out above. */
export const RJSF_REPLACED_TEMPLATES = [
  'DescriptionFieldTemplate',
  'ErrorListTemplate',
  'FieldErrorTemplate',
  'FieldHelpTemplate',
  'FieldTemplate',
  'ObjectFieldTemplate',
  'TitleFieldTemplate',
];

/**
 * The @rjsf/utils modules (paths under its lib/, without .js) that only anyOf/oneOf schemas and the
 * `omitExtraData` option reach, with the named exports their importers take besides the default.
 */
export const RJSF_UTILS_UNUSED = {
  'schema/omitExtraData': ['getUsedFormData', 'getFieldNames', 'isValueEmpty'],
  'schema/toPathSchema': [],
  'schema/getClosestMatchingOption': ['calculateIndexScore', 'JUNK_OPTION'],
  'schema/getFirstMatchingOption': [],
  getOptionMatchingSimpleDiscriminator: [],
};

/** A module of @rjsf/utils whose every export says it was left out, should a schema ever reach it. */
const utilsStub = (module, names) => `
  import { leftOut } from ${JSON.stringify(LEFT_OUT)};
  const fail = leftOut(${JSON.stringify(`utils/${module}`)}, 'utils');
  export default fail;
  ${names.map((name) => `export const ${name} = fail;`).join('\n  ')}
`;

const RJSF_UTILS_LIB = /[\\/]@rjsf[\\/]utils[\\/]lib$/;

/** The buttons RJSF's ButtonTemplates() names, each left out. */
const BUTTONS = ['SubmitButton', 'AddButton', 'CopyButton', 'MoveDownButton', 'MoveUpButton', 'RemoveButton', 'ClearButton'];

const RJSF_COMPONENTS = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/](fields|widgets|templates)$/;

/**
 * A component that says which RJSF part was left out, should a schema ever reach it. The stubs share
 * one maker of such components (LEFT_OUT), so each of the forty-odd costs a line, not a copy.
 */
const componentStub = (folder, name) =>
  name === 'ButtonTemplates/index'
    ? `
  import { leftOut } from ${JSON.stringify(LEFT_OUT)};
  export default () => ({ ${BUTTONS.map((button) => `${button}: leftOut(${JSON.stringify(`${folder}/ButtonTemplates/${button}`)}, 'buttons')`).join(', ')} });
`
    : `
  import { leftOut } from ${JSON.stringify(LEFT_OUT)};
  export default leftOut(${JSON.stringify(`${folder}/${name.replace(/\/index$/, '')}`)}, ${JSON.stringify(folder === 'templates' ? 'templates' : 'registry')});
`;
const LEFT_OUT = 'unused-rjsf-left-out';
const leftOutModule = `
  const WHY = ${JSON.stringify(WHY)};
  export function leftOut(part, why) {
    return function LeftOut() {
      throw new Error("RJSF's " + part + " is left out of the browser bundle: " + WHY[why]);
    };
  }
`;


/**
 * @param {{ modules?: Record<string, string>, rjsf?: Record<string, string[]> }} [options]
 * @returns {import('esbuild').Plugin}
 */
export function unusedCodePlugin({ modules = MODULE_STUBS, rjsf = RJSF_UNUSED, rjsfUtils = RJSF_UTILS_UNUSED } = {}) {
  const bare = new RegExp(`^(${Object.keys(modules).map(escapeRegExp).join('|')})$`);
  return {
    name: 'unused-code',
    setup(build) {
      build.onResolve({ filter: bare }, (args) => ({ path: args.path, namespace: 'unused-module' }));
      build.onLoad({ filter: /.*/, namespace: 'unused-module' }, (args) => ({ contents: modules[args.path], loader: 'js' }));

      // The registry indexes import their parts as './ArrayField.js' or './FieldTemplate/index.js'.
      build.onResolve({ filter: /^\.\/[A-Za-z]+(\/index)?\.js$/ }, (args) => {
        const folder = RJSF_COMPONENTS.exec(args.resolveDir)?.[1];
        const name = args.path.slice(2, -3);
        if (!folder || !rjsf[folder]?.includes(name)) return undefined;
        return { path: `${folder}/${name}`, namespace: 'unused-rjsf' };
      });
      // @rjsf/utils imports its modules as './getFirstMatchingOption.js', '../getOptionMatchingSimpleDiscriminator.js'.
      build.onResolve({ filter: /^\.\.?\/([A-Za-z]+\/)?[A-Za-z]+\.js$/ }, (args) => {
        const lib = args.resolveDir.replace(/[\\/]schema$/, '');
        if (!RJSF_UTILS_LIB.test(lib)) return undefined;
        const module = relative(lib, resolve(args.resolveDir, args.path)).split(sep).join('/').slice(0, -3);
        return module in rjsfUtils ? { path: `utils/${module}`, namespace: 'unused-rjsf' } : undefined;
      });
      build.onResolve({ filter: new RegExp(`^${LEFT_OUT}$`) }, (args) => ({ path: args.path, namespace: 'unused-rjsf' }));
      build.onLoad({ filter: /.*/, namespace: 'unused-rjsf' }, (args) => {
        if (args.path === LEFT_OUT) return { contents: leftOutModule, loader: 'js' };
        if (args.path.startsWith('utils/')) {
          const module = args.path.slice('utils/'.length);
          return { contents: utilsStub(module, rjsfUtils[module] ?? []), loader: 'js' };
        }
        const [folder, ...name] = args.path.split('/');
        return { contents: componentStub(folder, name.join('/')), loader: 'js' };
      });
    },
  };
}
