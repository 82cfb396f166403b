/**
 * Reading data: own data properties of plain objects and array elements, never prototypes, getters or
 * methods.
 */

/** "No value": an absent node in a comparison, distinct from null. */
export const NOTHING: unique symbol = Symbol('nothing');
export type Value = unknown;

export function isPlainObject(v: unknown): v is object {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function ownValue(obj: object, key: string | number): Value | typeof NOTHING {
  const d = Object.getOwnPropertyDescriptor(obj, key);
  return d !== undefined && 'value' in d ? (d.value as Value) : NOTHING;
}

/** Array elements or object member values, in order; nothing for anything else. */
export function children(v: Value): Value[] {
  const out: Value[] = [];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const c = ownValue(v, i);
      if (c !== NOTHING) out.push(c);
    }
  } else if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      const c = ownValue(v, k);
      if (c !== NOTHING) out.push(c);
    }
  }
  return out;
}

/** The node and all its descendants in document order; iterative, so deep documents cannot overflow the stack. */
export function descendants(v: Value): Value[] {
  const out: Value[] = [];
  const stack: Value[] = [v];
  while (stack.length > 0) {
    const n = stack.pop();
    out.push(n);
    const kids = children(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}
