/**
 * Drag and drop, pure part: where a dragged node would land when dropped on a row, given how far down the row
 * the pointer is. Steps go before or after a step, or into a scenario, a container step (group, batch, loop, once)
 * or a branch (then, else, a switch's branch); scenarios go before or after a scenario. Null where the drop means
 * nothing (or would be refused).
 */
import { samePath, type Doc, type Path } from '../core/doc-path.ts';
import type { TreeNode } from './model.ts';
import { canMoveInto, indexAfterRemoval, type Target } from './moves.ts';

export type DropPosition = 'before' | 'after' | 'inside';

export interface Drop {
  position: DropPosition;
  target: Target | { scenarioBefore: number };
}

/** `fraction`: the pointer's height in the row, 0 at its top, 1 at its bottom. */
export function dropOn(doc: Doc, dragged: TreeNode, over: TreeNode, fraction: number): Drop | null {
  if (dragged.id === over.id) return null;
  const drag = dragged.place;
  const place = over.place;
  if (!drag) return null;
  if (drag.kind === 'scenario') {
    if (place?.kind !== 'scenario') return null;
    const before = fraction < 0.5 ? place.index : place.index + 1;
    return indexAfterRemoval(drag.index, before) === drag.index
      ? null
      : { position: fraction < 0.5 ? 'before' : 'after', target: { scenarioBefore: before } };
  }
  if (dragged.selection.kind !== 'step') return null;
  const from = dragged.selection.path;
  // Containers take a drop on their middle; a scenario's or a branch's row takes any drop of a step (steps are not
  // their siblings).
  const inside = over.childList && (!place || place.kind === 'scenario' || (fraction > 0.25 && fraction < 0.75));
  const position: DropPosition = inside ? 'inside' : fraction < 0.5 ? 'before' : 'after';
  if (position === 'inside' && over.childList) {
    const target = { list: over.childList, index: over.children.length };
    return canMoveInto(doc, from, target.list) && !isNoop(from, target) ? { position, target } : null;
  }
  if (place?.kind !== 'step') return null;
  const target = { list: place.list, index: position === 'before' ? place.index : place.index + 1 };
  return canMoveInto(doc, from, target.list) && !isNoop(from, target) ? { position, target } : null;
}

function isNoop(from: Path, target: Target): boolean {
  const i = from[from.length - 1] as number;
  return samePath(from.slice(0, -1), target.list) && indexAfterRemoval(i, target.index) === i;
}
