/** The public JsonPath type and the compiled form: a path is compiled once into these closures. */
import type { NOTHING, Value } from './data.ts';

/** A compiled JSONPath. */
export interface JsonPath {
  readonly source: string;
  /** Every matching value, in document order (unions in the order written; duplicates kept). */
  query(doc: unknown): unknown[];
  /** The first match, or undefined when nothing matches. */
  first(doc: unknown): unknown | undefined;
}

/** Appends what a selector picks from one node. */
export type Selector = (node: Value, root: Value, out: Value[]) => void;
/** Maps the node list of one step to the next. */
export type Segment = (nodes: Value[], root: Value) => Value[];
export type Predicate = (current: Value, root: Value) => boolean;
export type Operand = (current: Value, root: Value) => Value | typeof NOTHING;
export type Comparator = '==' | '!=' | '<' | '<=' | '>' | '>=';
