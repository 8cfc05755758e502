// RJSF's deepEquals (@rjsf/utils lib/deepEquals.js) in a few hundred bytes, for the browser build
// (scripts/build/lean-modules-plugin.mjs). RJSF builds it from fast-equals (2.5 KB gzip of the first
// screen) with functions always equal and circular references tracked. This keeps that contract for
// the values a form's props and state hold: primitives (NaN equals NaN), arrays, plain and class
// objects of one constructor by their own enumerable keys (a React element's owner left out, as
// fast-equals does), dates, regular expressions, maps and sets. Other built-ins (typed arrays, URLs,
// boxed primitives) are equal only to themselves, where fast-equals looks inside; no form state holds one.
// tests/unit/build/lean-modules-plugin.test.ts compares it with RJSF's own on each kind of value.

type Seen = Map<object, object>;

/** Whether `a` and `b` are deeply equal, as RJSF's deepEquals judges. */
export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new Map());
}

function equal(a: unknown, b: unknown, seen: Seen): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== typeof b) return false;
  if (typeof a === 'function') return true;
  if (typeof a === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  // A pair met again inside itself is equal where it pairs the same two objects (fast-equals' `circular`).
  const pairedA = seen.get(a);
  const pairedB = seen.get(b);
  if (pairedA && pairedB) return pairedA === b && pairedB === a;
  seen.set(a, b).set(b, a);
  const result = equalObjects(a, b, seen);
  seen.delete(a);
  seen.delete(b);
  return result;
}

function equalObjects(a: object, b: object, seen: Seen): boolean {
  const constructor: unknown = a.constructor;
  if (constructor !== b.constructor) return false;
  if (constructor === Object || constructor == null) return equalKeys(a, b, seen);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => equal(item, b[index], seen));
  if (a instanceof Date && b instanceof Date) return equal(a.getTime(), b.getTime(), seen);
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([key, value]) => b.has(key) && equal(value, b.get(key), seen));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((item) => b.has(item));
  // A class's instance by its keys, unless it is a promise or some other built-in (its tag says so).
  return isObjectLike(a) && !isThenable(a) && !isThenable(b) && equalKeys(a, b, seen);
}

/** A plain object or a class's instance, as opposed to a built-in such as a promise or an error. */
const isObjectLike = (value: object): boolean => Object.prototype.toString.call(value) === '[object Object]';
const isThenable = (value: object): boolean => typeof (value as { then?: unknown }).then === 'function';

function equalKeys(a: object, b: object, seen: Seen): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const element = Boolean((a as { $$typeof?: unknown }).$$typeof || (b as { $$typeof?: unknown }).$$typeof);
  return keys.every(
    (key) =>
      (element && (key === '_owner' || key === '__o' || key === '__v')) ||
      (Object.prototype.propertyIsEnumerable.call(b, key) && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], seen)),
  );
}
