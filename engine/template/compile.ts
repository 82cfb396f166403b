/**
 * Turns an expression tree into a closure, once per plan load. Evaluation is a walk of prebuilt closures:
 * no strings are interpreted per request. In `lenient` mode (the expression has a `:-` default) a missing
 * value becomes undefined and flows to the top, where the default takes over; otherwise it throws at once
 * with a message naming what is missing.
 */
import type { Node } from './ast.ts';
import { TemplateRuntimeError } from './errors.ts';
import { findFunction } from './functions.ts';
import type { Evaluator } from './types.ts';
import { comparison, equality, logical } from './operators.ts';
import { readMember, toNumber, toText } from './values.ts';

/** Compiles `node`; `source` is the whole template, for quoting parts of it in messages. */
export function compileNode(node: Node, source: string, lenient: boolean): Evaluator {
  const text = (n: Node): string => source.slice(n.start, n.end);
  // `lenient` per node: arguments of isSet() are read leniently inside a strict expression.
  const whole = lenient;
  const build = (n: Node, lenient = whole): Evaluator => {
    switch (n.kind) {
      case 'literal': {
        const value = n.value;
        return () => value;
      }
      case 'builtin':
        return n.name === 'vu' ? (ctx) => ctx.vu : n.name === 'iter' ? (ctx) => ctx.iter : (ctx) => ctx.scenario;
      case 'var':
        return variable(n.name, lenient);
      case 'env':
        return envVar(n.name, lenient);
      case 'data':
        return dataColumn(n.feeder, n.column, lenient);
      case 'member': {
        const object = build(n.object, lenient);
        const what = text(n.object);
        if (typeof n.key !== 'object') {
          const key = n.key;
          return (ctx) => readMember(object(ctx), key, what, lenient);
        }
        const key = build(n.key, lenient);
        return (ctx) => {
          const o = object(ctx);
          const k = key(ctx);
          return k === undefined ? undefined : readMember(o, k, what, lenient);
        };
      }
      case 'call': {
        const fn = findFunction(n.name);
        if (fn === undefined) throw new Error(`unreachable: function ${n.name} passed the parser`);
        const args = n.args.map((a) => build(a, lenient || fn.lenientArgs === true));
        const what = text(n);
        if (fn.lenientArgs)
          return (ctx) =>
            fn.call(
              args.map((a) => a(ctx)),
              what,
              ctx,
            );
        return (ctx) => {
          const values = args.map((a) => a(ctx));
          return values.includes(undefined) ? undefined : fn.call(values, what, ctx);
        };
      }
      case 'neg': {
        const operand = build(n.operand, lenient);
        const what = text(n.operand);
        return (ctx) => {
          const v = operand(ctx);
          return v === undefined ? undefined : -toNumber(v, what);
        };
      }
      case 'not': {
        const operand = build(n.operand, lenient);
        return (ctx) => {
          const v = operand(ctx);
          return v === undefined ? undefined : !v;
        };
      }
      case 'binary': {
        const [left, right] = [build(n.left, lenient), build(n.right, lenient)];
        if (n.op === '&&' || n.op === '||') return logical(n.op, left, right);
        if (n.op === '==' || n.op === '!=') return equality(n.op, left, right);
        if (n.op === '<' || n.op === '<=' || n.op === '>' || n.op === '>=')
          return comparison(n.op, left, right, text(n.left), text(n.right));
        return binary(n.op, left, right, text(n.left), text(n.right), text(n));
      }
    }
  };
  return build(node);
}

function binary(op: string, left: Evaluator, right: Evaluator, lt: string, rt: string, whole: string): Evaluator {
  if (op === '+') {
    return (ctx) => {
      const a = left(ctx);
      const b = right(ctx);
      if (a === undefined || b === undefined) return undefined;
      if (typeof a === 'number' && typeof b === 'number') return a + b;
      return toText(a, lt) + toText(b, rt);
    };
  }
  const apply =
    op === '-'
      ? (a: number, b: number) => a - b
      : op === '*'
        ? (a: number, b: number) => a * b
        : op === '/'
          ? (a: number, b: number) => a / b
          : (a: number, b: number) => a % b;
  return (ctx) => {
    const a = left(ctx);
    const b = right(ctx);
    if (a === undefined || b === undefined) return undefined;
    const r = apply(toNumber(a, lt), toNumber(b, rt));
    if (!Number.isFinite(r)) {
      throw new TemplateRuntimeError(
        `'${whole}' does not give a finite number${op === '/' || op === '%' ? ' (division by zero?)' : ''}`,
        whole,
      );
    }
    return r;
  };
}

function variable(name: string, lenient: boolean): Evaluator {
  if (lenient) return (ctx) => ctx.vars.get(name);
  return (ctx) => {
    const v = ctx.vars.get(name);
    if (v === undefined) {
      throw new TemplateRuntimeError(
        `variable '${name}' is not set (extractions that fail leave it unset); define it under variables, ` +
          `or give a default: \${${name}:-value}`,
        name,
      );
    }
    return v;
  };
}

function envVar(name: string, lenient: boolean): Evaluator {
  const ref = `env.${name}`;
  return (ctx) => {
    // Own string values only: process.env or a plain record, never something inherited.
    const v = Object.hasOwn(ctx.env, name) ? ctx.env[name] : undefined;
    if (typeof v === 'string') return v;
    if (lenient) return undefined;
    throw new TemplateRuntimeError(
      `environment variable '${name}' is not set; set it in the environment or give a default: \${${ref}:-value}`,
      ref,
    );
  };
}

function dataColumn(feeder: string, column: string | undefined, lenient: boolean): Evaluator {
  const ref = column === undefined ? `data.${feeder}` : `data.${feeder}.${column}`;
  return (ctx) => {
    const row = Object.hasOwn(ctx.data, feeder) ? ctx.data[feeder] : undefined;
    if (row === undefined || row === null) {
      if (lenient) return undefined;
      throw new TemplateRuntimeError(`data feeder '${feeder}' is not defined in the plan (or has no current row)`, ref);
    }
    if (column === undefined) return row;
    const d = Object.getOwnPropertyDescriptor(row, column);
    const v: unknown = d !== undefined && 'value' in d ? d.value : undefined;
    if (v === undefined && !lenient) {
      const columns = Object.keys(row).join(', ');
      throw new TemplateRuntimeError(
        `data feeder '${feeder}' has no column '${column}' (columns: ${columns || 'none'})`,
        ref,
      );
    }
    return v;
  };
}
