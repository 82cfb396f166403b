/**
 * Immutable edits of a plan document by path (["scenarios","browse","steps",2,"request","url"]). Only the
 * containers along the path are copied, so undo history and React memoisation stay cheap.
 */
import { keyOrderAt, withKey } from './key-order.ts';

export type Path = readonly (string | number)[];
export type Doc = unknown;

export function getIn(doc: Doc, path: Path): unknown {
  let v: unknown = doc;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/**
 * Sets the value at path, creating objects (or arrays for numeric segments) along the way. A key new to a request,
 * a scenario, the defaults or the plan goes to its usual place (key-order.ts); existing keys keep theirs.
 */
export function setIn(doc: Doc, path: Path, value: unknown): Doc {
  return setAt(doc, path, 0, value);
}

function setAt(doc: Doc, path: Path, depth: number, value: unknown): Doc {
  if (depth === path.length) return value;
  const head = path[depth] as string | number;
  const base = doc !== null && typeof doc === 'object' ? doc : typeof head === 'number' ? [] : {};
  const next = setAt((base as Record<string | number, unknown>)[head], path, depth + 1, value);
  if (Array.isArray(base)) {
    const copy = base.slice();
    copy[head as number] = next;
    return copy;
  }
  const order = keyOrderAt(path.slice(0, depth));
  return order
    ? withKey(base as Record<string, unknown>, String(head), next, order)
    : { ...(base as object), [head]: next };
}

/** Removes the value at path: an array item is spliced out, an object key deleted (order of the rest kept). */
export function deleteIn(doc: Doc, path: Path): Doc {
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1] as string | number;
  const parent = getIn(doc, parentPath);
  if (Array.isArray(parent))
    return setIn(
      doc,
      parentPath,
      parent.filter((_, i) => i !== key),
    );
  if (parent === null || typeof parent !== 'object') return doc;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parent)) if (k !== String(key)) copy[k] = v;
  return setIn(doc, parentPath, copy);
}

/** Inserts into the array at path (created when missing). */
export function insertIn(doc: Doc, path: Path, index: number, value: unknown): Doc {
  const arr = getIn(doc, path);
  const list = Array.isArray(arr) ? arr.slice() : [];
  list.splice(Math.max(0, Math.min(index, list.length)), 0, value);
  return setIn(doc, path, list);
}

/** Moves an item of the array at path. */
export function moveIn(doc: Doc, path: Path, from: number, to: number): Doc {
  const arr = getIn(doc, path);
  if (!Array.isArray(arr) || from < 0 || from >= arr.length) return doc;
  const list = arr.slice();
  const [item] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, item);
  return setIn(doc, path, list);
}

/** Renames a key of the object at path, keeping its position (scenario names, variables, thresholds). */
export function renameKey(doc: Doc, path: Path, from: string, to: string): Doc {
  const obj = getIn(doc, path);
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj) || from === to) return doc;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) copy[k === from ? to : k] = v;
  return setIn(doc, path, copy);
}

export function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

export function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}
