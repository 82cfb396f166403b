/**
 * Depth of a plan value that did not come from plan text (the app's database, its HTTP API, the designer):
 * validation recurses per level, so a value nested too deep, or one that contains itself, is refused first.
 * Iterative, and linear in the distinct objects: a shared object is measured once.
 */
import type { PlanIssue } from './errors.ts';
import type { PathSegment } from './path.ts';

/** A value being measured; `key` is where it sits in its parent. */
interface Frame {
  value: object;
  key: PathSegment | undefined;
  entries: [PathSegment, unknown][];
  next: number;
  height: number;
}

/** The issue for the first place (depth-first, in key order) nested deeper than `max` or containing itself. */
export function valueDepthIssue(root: unknown, max: number): PlanIssue | undefined {
  if (root === null || typeof root !== 'object') return undefined;
  const heights = new WeakMap<object, number>();
  const open = new WeakSet<object>();
  const enter = (value: object, key: PathSegment | undefined): Frame => {
    open.add(value);
    const entries: [PathSegment, unknown][] = Array.isArray(value)
      ? Array.from(value as unknown[], (v, i): [PathSegment, unknown] => [i, v])
      : Object.entries(value);
    return { value, key, entries, next: 0, height: 1 };
  };
  const stack: Frame[] = [enter(root, undefined)];
  const pathTo = (key: PathSegment): PathSegment[] => [...stack.slice(1).map((f) => f.key as PathSegment), key];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const entry = top.entries[top.next++];
    if (entry === undefined) {
      stack.pop();
      open.delete(top.value);
      heights.set(top.value, top.height);
      const parent = stack[stack.length - 1];
      if (parent && top.height + 1 > parent.height) parent.height = top.height + 1;
      continue;
    }
    const [key, child] = entry;
    if (child === null || typeof child !== 'object') continue;
    if (open.has(child))
      return { path: pathTo(key), message: 'this value contains itself: a plan must be a tree of values' };
    const known = heights.get(child);
    if (known !== undefined) {
      if (stack.length + known > max) return tooDeep(pathTo(key), max);
      if (known + 1 > top.height) top.height = known + 1;
      continue;
    }
    if (stack.length + 1 > max) return tooDeep(pathTo(key), max);
    stack.push(enter(child, key));
  }
  return undefined;
}

/** Shown path: the first segments of the place (the whole one is `max` segments long). */
const SHOWN_SEGMENTS = 6;

function tooDeep(path: PathSegment[], max: number): PlanIssue {
  const shown = path.slice(0, SHOWN_SEGMENTS);
  return {
    path: shown,
    message: `mappings and lists ${shown.length < path.length ? 'inside this value ' : ''}are nested more than ${max} levels deep, the limit for plans: flatten the structure`,
  };
}
