/**
 * Comparisons and logic of the expression language. Truthiness is JavaScript's (false, 0, '', null are false;
 * lists and objects are true), `&&` and `||` give true or false and skip their right side when the left decides.
 * `==` compares data: numbers with numbers (a number and text that reads as the same number are equal, since
 * environment values and regex extractions are text), text with text, lists and objects element by element.
 * `<` and friends order two texts alphabetically and anything else as numbers.
 */
import type { Evaluator } from './types.ts';
import { isPlainObject, toNumber } from './values.ts';

export function logical(op: '&&' | '||', left: Evaluator, right: Evaluator): Evaluator {
  if (op === '&&') {
    return (ctx) => {
      const a = left(ctx);
      if (a === undefined) return undefined;
      if (!a) return false;
      const b = right(ctx);
      return b === undefined ? undefined : !!b;
    };
  }
  return (ctx) => {
    const a = left(ctx);
    if (a === undefined) return undefined;
    if (a) return true;
    const b = right(ctx);
    return b === undefined ? undefined : !!b;
  };
}

export function equality(op: '==' | '!=', left: Evaluator, right: Evaluator): Evaluator {
  const same = op === '==';
  return (ctx) => {
    const a = left(ctx);
    const b = right(ctx);
    if (a === undefined || b === undefined) return undefined;
    return dataEquals(a, b) === same;
  };
}

export function comparison(
  op: '<' | '<=' | '>' | '>=',
  left: Evaluator,
  right: Evaluator,
  lt: string,
  rt: string,
): Evaluator {
  const test =
    op === '<'
      ? (c: number) => c < 0
      : op === '<='
        ? (c: number) => c <= 0
        : op === '>'
          ? (c: number) => c > 0
          : (c: number) => c >= 0;
  return (ctx) => {
    const a = left(ctx);
    const b = right(ctx);
    if (a === undefined || b === undefined) return undefined;
    if (typeof a === 'string' && typeof b === 'string') return test(a < b ? -1 : a > b ? 1 : 0);
    const x = toNumber(a, lt);
    const y = toNumber(b, rt);
    return test(x < y ? -1 : x > y ? 1 : 0);
  };
}

/** Equality of plain data; a number equals text holding the same number. A stack, not recursion: data is deep. */
export function dataEquals(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'string') {
      if (!sameNumber(x, y)) return false;
      continue;
    }
    if (typeof x === 'string' && typeof y === 'number') {
      if (!sameNumber(y, x)) return false;
      continue;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (!isPlainObject(x) || !isPlainObject(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([x[k], y[k]]);
    }
  }
  return true;
}

function sameNumber(n: number, text: string): boolean {
  return text.trim() !== '' && Number(text) === n;
}
