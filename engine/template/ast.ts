/**
 * Syntax tree of one `${...}` expression. Every node keeps its source range so runtime errors can
 * quote the part of the expression that failed, and its nesting depth so hostile input is capped.
 */

export type BuiltinName = 'vu' | 'iter' | 'scenario';
export type BinaryOp = '+' | '-' | '*' | '/' | '%';

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
  | (Base & { kind: 'binary'; op: BinaryOp; left: Node; right: Node });

/** Property names that could reach an object's prototype machinery; refused everywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest expression tree we compile; evaluation recursion is bounded by it. */
export const MAX_DEPTH = 64;
