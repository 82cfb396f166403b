/**
 * Syntax tree of one `${...}` expression. Every node keeps its source range so runtime errors can
 * quote the part of the expression that failed, and its nesting depth so hostile input is capped.
 */

export type BuiltinName = 'vu' | 'iter' | 'scenario';
/**
 * What validation can tell of a value's type before the run: `string` is text that is certainly not a number (a
 * literal such as 'abc'), `text` is text that may read as one (env values, function results, '42').
 */
export type StaticType = 'number' | 'string' | 'text' | 'boolean' | 'null' | 'unknown';
export type ArithmeticOp = '+' | '-' | '*' | '/' | '%';
export type ComparisonOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type LogicalOp = '&&' | '||';
export type BinaryOp = ArithmeticOp | ComparisonOp | LogicalOp;

interface Base {
  start: number;
  end: number;
  /** 1 for a leaf; 1 + the deepest child otherwise. */
  depth: number;
}

export type Node =
  | (Base & { kind: 'literal'; value: string | number | boolean | null })
  | (Base & { kind: 'builtin'; name: BuiltinName })
  | (Base & { kind: 'var'; name: string })
  | (Base & { kind: 'env'; name: string })
  | (Base & { kind: 'data'; feeder: string; column: string | undefined })
  | (Base & { kind: 'member'; object: Node; key: string | number | Node })
  | (Base & { kind: 'call'; name: string; args: Node[] })
  | (Base & { kind: 'neg'; operand: Node })
  /** `!x`: true when x is falsy (false, 0, '', null), as in JavaScript. */
  | (Base & { kind: 'not'; operand: Node })
  | (Base & { kind: 'binary'; op: BinaryOp; left: Node; right: Node });

/** Property names that could reach an object's prototype machinery; refused everywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest expression tree we compile; evaluation recursion is bounded by it. */
export const MAX_DEPTH = 64;
