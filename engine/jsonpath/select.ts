/** Selection: the selectors and segments a path compiles to, and running them over a document. */
import { children, descendants, isPlainObject, NOTHING, ownValue } from './data.ts';
import type { Value } from './data.ts';
import type { Predicate, Segment, Selector } from './types.ts';

export const nameSelector =
  (key: string): Selector =>
  (node, _root, out) => {
    if (!isPlainObject(node)) return;
    const v = ownValue(node, key);
    if (v !== NOTHING) out.push(v);
  };

export const indexSelector =
  (index: number): Selector =>
  (node, _root, out) => {
    if (!Array.isArray(node)) return;
    const i = index < 0 ? node.length + index : index;
    if (i < 0 || i >= node.length) return;
    const v = ownValue(node, i);
    if (v !== NOTHING) out.push(v);
  };

export const wildcardSelector: Selector = (node, _root, out) => {
  for (const c of children(node)) out.push(c);
};

/** RFC 9535 section 2.3.4.2 slice bounds. */
export const sliceSelector =
  (start: number | undefined, end: number | undefined, step: number): Selector =>
  (node, _root, out) => {
    if (!Array.isArray(node) || step === 0) return;
    const len = node.length;
    const norm = (i: number): number => (i >= 0 ? i : len + i);
    const clamp = (i: number, lo: number, hi: number): number => Math.min(Math.max(i, lo), hi);
    if (step > 0) {
      const lower = clamp(norm(start ?? 0), 0, len);
      const upper = clamp(norm(end ?? len), 0, len);
      for (let i = lower; i < upper; i += step) pushOwn(node, i, out);
    } else {
      const upper = clamp(norm(start ?? len - 1), -1, len - 1);
      const lower = clamp(norm(end ?? -len - 1), -1, len - 1);
      for (let i = upper; lower < i; i += step) pushOwn(node, i, out);
    }
  };

function pushOwn(arr: Value[], i: number, out: Value[]): void {
  const v = ownValue(arr, i);
  if (v !== NOTHING) out.push(v);
}

export const filterSelector =
  (test: Predicate): Selector =>
  (node, root, out) => {
    for (const c of children(node)) if (test(c, root)) out.push(c);
  };

export function childSegment(selectors: Selector[]): Segment {
  return (nodes, root) => {
    const out: Value[] = [];
    for (const n of nodes) for (const s of selectors) s(n, root, out);
    return out;
  };
}

export function descendantSegment(selectors: Selector[]): Segment {
  return (nodes, root) => {
    const out: Value[] = [];
    for (const n of nodes) for (const d of descendants(n)) for (const s of selectors) s(d, root, out);
    return out;
  };
}

export function run(segments: readonly Segment[], start: Value, root: Value): Value[] {
  let nodes: Value[] = [start];
  for (const seg of segments) {
    nodes = seg(nodes, root);
    if (nodes.length === 0) break;
  }
  return nodes;
}
