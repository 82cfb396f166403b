/** Filter comparison semantics: RFC 9535 equality and ordering, including absent values. */
import { isPlainObject, NOTHING, ownValue } from './data.ts';
import type { Value } from './data.ts';
import type { Comparator } from './types.ts';

function deepEqual(a: Value, b: Value): boolean {
  const stack: [Value, Value][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [Value, Value];
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
    } else if (isPlainObject(x) && isPlainObject(y)) {
      const kx = Object.keys(x);
      if (kx.length !== Object.keys(y).length) return false;
      for (const k of kx) {
        const vy = ownValue(y, k);
        if (vy === NOTHING) return false;
        stack.push([ownValue(x, k), vy]);
      }
    } else {
      return false;
    }
  }
  return true;
}

function less(a: Value, b: Value): boolean {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
    ? a < b
    : false;
}

/** RFC 9535 comparisons: absent values equal only each other; mismatched types are never ordered. */
export function compare(op: Comparator, a: Value | typeof NOTHING, b: Value | typeof NOTHING): boolean {
  const eq = (): boolean => (a === NOTHING || b === NOTHING ? a === b : deepEqual(a, b));
  switch (op) {
    case '==':
      return eq();
    case '!=':
      return !eq();
    case '<':
      return less(a, b);
    case '<=':
      return less(a, b) || eq();
    case '>':
      return less(b, a);
    case '>=':
      return less(b, a) || eq();
  }
}
