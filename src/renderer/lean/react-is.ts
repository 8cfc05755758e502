// The two questions @rjsf/utils asks of react-is (lib/getWidget.js: isForwardRef of an element,
// isMemo of a widget), answered as react-is 18.3.1 answers them, for the browser build
// (scripts/build/lean-modules-plugin.mjs): its 0.6 KB gzip carry every other question too.
// react-is 18 knows React 18's element symbol: a React 19 element is none of its types, so both answer
// false for what React 19 makes, exactly as the library does. tests/unit/build/lean-modules-plugin.test.ts
// compares them with react-is.

const ELEMENT = Symbol.for('react.element');
const PORTAL = Symbol.for('react.portal');
const FORWARD_REF = Symbol.for('react.forward_ref');
const MEMO = Symbol.for('react.memo');
/** Element types react-is answers with themselves rather than with their `$$typeof`. */
const OWN_TYPES = new Set<unknown>(['react.fragment', 'react.profiler', 'react.strict_mode', 'react.suspense', 'react.suspense_list'].map((name) => Symbol.for(name)));
/** `$$typeof`s of an element's type that react-is answers with. */
const TYPE_KINDS = new Set<unknown>(['react.server_context', 'react.context', 'react.forward_ref', 'react.lazy', 'react.memo', 'react.provider'].map((name) => Symbol.for(name)));

const typeOfMark = (value: unknown): unknown => (typeof value === 'object' && value !== null ? (value as { $$typeof?: unknown }).$$typeof : undefined);

/** react-is's typeOf. */
function typeOf(value: unknown): unknown {
  const mark = typeOfMark(value);
  if (mark === PORTAL) return mark;
  if (mark !== ELEMENT) return undefined;
  const type = (value as { type?: unknown }).type;
  if (OWN_TYPES.has(type)) return type;
  const kind = typeof type === 'object' || typeof type === 'function' ? (type as { $$typeof?: unknown } | null)?.$$typeof : undefined;
  return TYPE_KINDS.has(kind) ? kind : mark;
}

export const isForwardRef = (value: unknown): boolean => typeOf(value) === FORWARD_REF;
export const isMemo = (value: unknown): boolean => typeOf(value) === MEMO;

export default { isForwardRef, isMemo };
