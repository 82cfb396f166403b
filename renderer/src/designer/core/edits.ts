/** The edits the designer makes; every panel dispatches these, the code view replaces the whole document. */
import { deleteIn, insertIn, moveIn, renameKey, setIn, type Doc, type Path } from './doc-path.ts';

export type Edit =
  | { kind: 'set'; path: Path; value: unknown }
  | { kind: 'delete'; path: Path }
  | { kind: 'insert'; path: Path; index: number; value: unknown }
  | { kind: 'move'; path: Path; from: number; to: number }
  | { kind: 'renameKey'; path: Path; from: string; to: string }
  | { kind: 'replace'; doc: Doc };

export function applyEdit(doc: Doc, e: Edit): Doc {
  switch (e.kind) {
    case 'set':
      return e.value === undefined ? deleteIn(doc, e.path) : setIn(doc, e.path, e.value);
    case 'delete':
      return deleteIn(doc, e.path);
    case 'insert':
      return insertIn(doc, e.path, e.index, e.value);
    case 'move':
      return moveIn(doc, e.path, e.from, e.to);
    case 'renameKey':
      return renameKey(doc, e.path, e.from, e.to);
    case 'replace':
      return e.doc;
  }
}

/**
 * Consecutive `set`s of the same field (typing) merge into one undo step, so undo goes back a word or a field,
 * not a keystroke. Anything else starts a new step.
 */
export function coalesces(previous: Edit | undefined, next: Edit): boolean {
  if (!previous || previous.kind !== 'set' || next.kind !== 'set') return false;
  if (typeof next.value !== 'string' && typeof next.value !== 'number') return false;
  return previous.path.length === next.path.length && previous.path.every((s, i) => s === next.path[i]);
}
