// The two questions @rjsf/utils asks of react-is (lib/getWidget.js: isForwardRef of an element,
// isMemo of a widget), answered as react-is 18.3.1 answers them, for the browser build
// (scripts/build/lean-modules-plugin.mjs): its 0.6 KB gzip carry every other question too.
// react-is 18 knows React 18's element symbol: a React 19 element is none of its types, so both answer
// false for what React 19 makes, exactly as the library does. tests/unit/build/lean-modules-plugin.test.ts
// compares them with react-is.

const ELEMENT = Symbol.for('react.element');

/**
 * The `$$typeof` of a React 18 element's type. react-is's typeOf answers with it for a forwardRef or a
 * memo type, and otherwise with something else (the element's own mark, or a built-in type such as a
 * fragment, which is a symbol and so has no `$$typeof`).
 */
function kindOfElementType(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || (value as { $$typeof?: unknown }).$$typeof !== ELEMENT) return undefined;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'object' || typeof type === 'function' ? (type as { $$typeof?: unknown } | null)?.$$typeof : undefined;
}

export const isForwardRef = (value: unknown): boolean => kindOfElementType(value) === Symbol.for('react.forward_ref');
export const isMemo = (value: unknown): boolean => kindOfElementType(value) === Symbol.for('react.memo');

export default { isForwardRef, isMemo };
