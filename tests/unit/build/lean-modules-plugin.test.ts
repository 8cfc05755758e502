// The lean-modules build plugin (scripts/build/lean-modules-plugin.mjs): each stand-in answers as the
// library module it replaces, and the browser build carries the stand-in instead of the library.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createElement, createRef, forwardRef, lazy, memo, Fragment, StrictMode, Suspense } from 'react';
import * as esbuild from 'esbuild';
import { deepEquals as rjsfDeepEquals } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { LEAN_MODULES, leanModulesPlugin } from '../../../scripts/build/lean-modules-plugin.mjs';
import deepEquals from '../../../src/renderer/lean/deep-equals';
import leanReactIs from '../../../src/renderer/lean/react-is';

/** react-is as RJSF imports it (the package has no types of its own). */
const ReactIs = createRequire(import.meta.url)('react-is') as { isForwardRef(value: unknown): boolean; isMemo(value: unknown): boolean };

class Box {
  constructor(public value: unknown) {}
}
const circular = () => {
  const node: { name: string; self?: unknown; list: unknown[] } = { name: 'a', list: [] };
  node.self = node;
  node.list.push(node);
  return node;
};
const bare = (entries: Record<string, unknown>) => Object.assign(Object.create(null) as object, entries);
const onClick = () => undefined;
const Widget = () => null;

/** Pairs of values a form's props and state hold, and the odd ones the library also answers for. */
const PAIRS: [string, unknown, unknown][] = [
  ['same string', 'a', 'a'],
  ['other strings', 'a', 'b'],
  ['NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['numbers', 1, 2],
  ['a number and its string', 1, '1'],
  ['null and undefined', null, undefined],
  ['booleans', true, false],
  ['two functions', () => 1, () => 2],
  ['a function and an object', onClick, {}],
  ['equal objects, keys in another order', { a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }],
  ['objects that differ deep down', { a: { b: { c: [1, 2] } } }, { a: { b: { c: [1, 3] } } }],
  ['a key missing and a key undefined', { a: 1 }, { a: 1, b: undefined }],
  ['arrays of other lengths', [1, 2], [1, 2, 3]],
  ['an array and an object with its keys', [1], { 0: 1 }],
  ['schemas with if/then', { if: { properties: { r: { const: 'x' } } }, then: { required: ['t'] } }, { if: { properties: { r: { const: 'x' } } }, then: { required: ['t'] } }],
  ['schemas whose then differs', { if: {}, then: { required: ['t'] } }, { if: {}, then: { required: ['u'] } }],
  ['props with handlers', { id: 'root_r', onChange: () => 1, value: 'x' }, { id: 'root_r', onChange: () => 2, value: 'x' }],
  ['equal React elements', createElement('p', { className: 'a' }, 'text'), createElement('p', { className: 'a' }, 'text')],
  ['React elements that differ', createElement('p', { className: 'a' }), createElement('p', { className: 'b' })],
  ['elements with other owners', { $$typeof: 1, type: 'p', _owner: { a: 1 } }, { $$typeof: 1, type: 'p', _owner: { a: 2 } }],
  ['two circular structures alike', circular(), circular()],
  ['a circular structure and a plain one', circular(), { name: 'a', self: {}, list: [{}] }],
  ['equal dates', new Date(5), new Date(5)],
  ['other dates', new Date(5), new Date(6)],
  ['invalid dates', new Date(Number.NaN), new Date(Number.NaN)],
  ['equal regular expressions', /a+/g, /a+/g],
  ['regular expressions with other flags', /a+/g, /a+/i],
  ['maps alike', new Map([['a', { b: 1 }]]), new Map([['a', { b: 1 }]])],
  ['maps that differ', new Map([['a', 1]]), new Map([['a', 2]])],
  ['sets alike', new Set(['a', 1]), new Set(['a', 1])],
  ['sets that differ', new Set(['a']), new Set(['b'])],
  ['instances alike', new Box({ a: 1 }), new Box({ a: 1 })],
  ['instances that differ', new Box(1), new Box(2)],
  ['an instance and a plain object', new Box(1), { value: 1 }],
  ['bare objects alike', bare({ a: 1 }), bare({ a: 1 })],
  ['a bare object and a plain one', bare({ a: 1 }), { a: 1 }],
  ['errors alike', new Error('a'), new Error('a')],
  ['two promises', Promise.resolve(1), Promise.resolve(1)],
  ['thenables', { then: onClick }, { then: onClick }],
];

describe('the stand-in for RJSF’s deepEquals', () => {
  it.each(PAIRS)('answers as RJSF’s own: %s', (_, a, b) => {
    const expected = rjsfDeepEquals(a, b);
    expect(deepEquals(a, b)).toBe(expected);
    expect(deepEquals(b, a)).toBe(rjsfDeepEquals(b, a));
  });

  it('tells equal from unequal among the pairs above (the comparison is not vacuous)', () => {
    const answers = PAIRS.map(([, a, b]) => deepEquals(a, b));
    expect(answers.filter(Boolean).length).toBeGreaterThan(10);
    expect(answers.filter((answer) => !answer).length).toBeGreaterThan(10);
  });

  it('is equal only to itself for the built-ins no form holds, where fast-equals looks inside', () => {
    for (const [a, b] of [[new Uint8Array([1]), new Uint8Array([1])], [new URL('https://a.example/'), new URL('https://a.example/')]]) {
      expect(deepEquals(a, b)).toBe(false);
      expect(rjsfDeepEquals(a, b)).toBe(true);
    }
  });
});

describe('the stand-in for react-is', () => {
  const ForwardRefWidget = forwardRef<HTMLInputElement>(function Input(_, ref) {
    return createElement('input', { ref });
  });
  const MemoWidget = memo(Widget);
  const LazyWidget = lazy(() => Promise.resolve({ default: Widget }));
  /** What getWidget asks about (a widget and an element of it), and React 18's elements, which react-is 18 knows. */
  const VALUES: [string, unknown][] = [
    ['a function widget', Widget],
    ['a forwardRef widget', ForwardRefWidget],
    ['a memo widget', MemoWidget],
    ['an element of a forwardRef widget', createElement(ForwardRefWidget, { ref: createRef<HTMLInputElement>() })],
    ['an element of a memo widget', createElement(MemoWidget)],
    ['an element of a named widget', createElement('choice')],
    ['a React 18 forwardRef element', { $$typeof: Symbol.for('react.element'), type: ForwardRefWidget }],
    ['a React 18 memo element', { $$typeof: Symbol.for('react.element'), type: MemoWidget }],
    ['a React 18 lazy element', { $$typeof: Symbol.for('react.element'), type: LazyWidget }],
    ['a React 18 fragment', { $$typeof: Symbol.for('react.element'), type: Fragment }],
    ['a React 18 strict mode', { $$typeof: Symbol.for('react.element'), type: StrictMode }],
    ['a React 18 suspense', { $$typeof: Symbol.for('react.element'), type: Suspense }],
    ['a React 18 element of a function', { $$typeof: Symbol.for('react.element'), type: Widget }],
    ['a portal', { $$typeof: Symbol.for('react.portal') }],
    ['a string', 'choice'],
    ['null', null],
    ['undefined', undefined],
  ];

  it.each(VALUES)('answers isForwardRef and isMemo as react-is: %s', (_, value) => {
    expect(leanReactIs.isForwardRef(value)).toBe(ReactIs.isForwardRef(value));
    expect(leanReactIs.isMemo(value)).toBe(ReactIs.isMemo(value));
  });

  it('says yes where react-is does (the comparison is not vacuous)', () => {
    expect(leanReactIs.isForwardRef({ $$typeof: Symbol.for('react.element'), type: ForwardRefWidget })).toBe(true);
    expect(leanReactIs.isMemo({ $$typeof: Symbol.for('react.element'), type: MemoWidget })).toBe(true);
  });
});

describe('the lean-modules plugin', () => {
  /** Bundles what the page bundles of RJSF (its form and its utilities) for the browser, and lists the modules it took. */
  async function rjsfInputs(withPlugin: boolean): Promise<{ inputs: string[]; importers: Map<string, string[]> }> {
    const result = await esbuild.build({
      stdin: { contents: `export { default as Form } from '@rjsf/core'; export * from '@rjsf/utils';`, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      metafile: true,
      logLevel: 'silent',
      external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'ajv', 'ajv/*', 'markdown-to-jsx*'],
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: withPlugin ? [leanModulesPlugin()] : [],
    });
    const importers = new Map<string, string[]>();
    for (const [file, input] of Object.entries(result.metafile.inputs)) for (const imported of input.imports) importers.set(imported.path, [...(importers.get(imported.path) ?? []), file]);
    return { inputs: Object.keys(result.metafile.inputs), importers };
  }

  it('takes each stand-in in place of its library, and the library’s code stays out', async () => {
    const { inputs } = await rjsfInputs(true);
    for (const standIn of Object.values(LEAN_MODULES)) expect(inputs).toContain(standIn);
    expect(inputs.filter((input) => /node_modules\/(fast-equals|react-is\/cjs|@x0k\/json-schema-merge)\//.test(input))).toEqual([]);
  });

  it('replaces modules that only the RJSF parts the stand-ins were made for import', async () => {
    const { inputs, importers } = await rjsfInputs(false);
    expect(inputs.some((input) => input.includes('node_modules/fast-equals/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/@x0k/json-schema-merge/'))).toBe(true);
    const importersOf = (library: string) => importers.get(join('node_modules', library).split('\\').join('/')) ?? [];
    expect(importersOf('react-is/index.js')).toEqual(['node_modules/@rjsf/utils/lib/getWidget.js']);
    expect(importersOf('@rjsf/utils/lib/deepEquals.js').length).toBeGreaterThan(0);
    expect(importersOf('@rjsf/utils/lib/schema/getDefaultFormState.js')).toEqual(['node_modules/@rjsf/utils/lib/schema/index.js']);
    expect(importersOf('@rjsf/utils/lib/schema/shallowAllOfMerge.js').sort()).toEqual(['node_modules/@rjsf/utils/lib/schema/omitExtraData.js', 'node_modules/@rjsf/utils/lib/schema/retrieveSchema.js']);
  });
});
