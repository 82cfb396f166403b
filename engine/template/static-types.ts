/**
 * Type errors found when a plan is validated, before any request: an operation that fails whatever the run's
 * values are (`'abc' * 2`, `len(3)`, `true < 1`) is reported at its character, like a syntax error. Only what is
 * certain is refused: a variable, env value or extracted value may hold anything, so it is never an error here.
 */
import type { Node, StaticType } from './ast.ts';
import { TemplateSyntaxError } from './errors.ts';
import { findFunction } from './functions.ts';

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

const NAMES: Record<StaticType, string> = {
  number: 'a number',
  string: 'text',
  text: 'text',
  boolean: 'true or false',
  null: 'null',
  unknown: 'a value',
};

/** The type of `node`, or a TemplateSyntaxError at the first operation that cannot work. */
export function staticType(node: Node, source: string): StaticType {
  const fail = (n: Node, message: string): never => {
    throw new TemplateSyntaxError(message, n.start, n.end - n.start);
  };
  const quoted = (n: Node): string =>
    n.kind === 'literal' && typeof n.value === 'string'
      ? source.slice(n.start, n.end)
      : `'${source.slice(n.start, n.end)}'`;
  const numeric = (n: Node, why: string): void => {
    const t = visit(n);
    if (t === 'boolean' || t === 'null' || t === 'string')
      fail(n, `${quoted(n)} is ${NAMES[t]}, but ${why} needs a number`);
  };
  const visit = (n: Node): StaticType => {
    switch (n.kind) {
      case 'literal':
        if (n.value === null) return 'null';
        if (typeof n.value === 'string') return NUMERIC.test(n.value) ? 'text' : 'string';
        return typeof n.value === 'number' ? 'number' : 'boolean';
      case 'builtin':
        return n.name === 'scenario' ? 'text' : 'number';
      case 'var':
      case 'env':
      case 'data':
        return 'unknown';
      case 'member': {
        if (typeof n.key === 'object') visit(n.key);
        const t = visit(n.object);
        if (t !== 'unknown') fail(n.object, `${quoted(n.object)} is ${NAMES[t]}: it has no parts to read`);
        return 'unknown';
      }
      case 'call': {
        const types = n.args.map(visit);
        const fn = findFunction(n.name);
        if (
          n.name === 'len' &&
          types[0] !== undefined &&
          ['number', 'boolean', 'null'].includes(types[0]) &&
          n.args[0]
        ) {
          fail(n.args[0], `${quoted(n.args[0])} is ${NAMES[types[0]]}: len() needs a list, text or an object`);
        }
        return fn?.returns ?? 'unknown';
      }
      case 'neg':
        numeric(n.operand, "'-'");
        return 'number';
      case 'not':
        visit(n.operand);
        return 'boolean';
      case 'binary':
        return binary(n);
    }
  };
  const binary = (n: Extract<Node, { kind: 'binary' }>): StaticType => {
    switch (n.op) {
      case '&&':
      case '||':
      case '==':
      case '!=':
        visit(n.left);
        visit(n.right);
        return 'boolean';
      case '+': {
        const [a, b] = [visit(n.left), visit(n.right)];
        if (a === 'number' && b === 'number') return 'number';
        return a === 'unknown' || b === 'unknown' ? 'unknown' : 'text';
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const [a, b] = [visit(n.left), visit(n.right)];
        for (const [side, t] of [
          [n.left, a],
          [n.right, b],
        ] as const) {
          if (t === 'boolean' || t === 'null')
            fail(side, `${quoted(side)} is ${NAMES[t]}: '${n.op}' compares numbers, or two texts`);
        }
        // Text is compared with text alphabetically; text that is not a number cannot be compared with anything else.
        if ((a === 'string' && b === 'number') || (b === 'string' && a === 'number')) {
          const side = a === 'string' ? n.left : n.right;
          fail(side, `${quoted(side)} is text, not a number: '${n.op}' cannot compare it with a number`);
        }
        return 'boolean';
      }
      default:
        numeric(n.left, `'${n.op}'`);
        numeric(n.right, `'${n.op}'`);
        return 'number';
    }
  };
  return visit(node);
}
