/**
 * What the designer shows in its editor panel. A step is selected by its document path, so moving or deleting
 * steps must move the selection with it (see followEdit).
 */
import type { Edit } from './edits.ts';
import { startsWith, type Path } from './doc-path.ts';
import { containerOf } from './doc/steps.ts';

export type SettingsSection = 'general' | 'defaults' | 'variables' | 'data' | 'thresholds';

/** The plan's run-level step lists: setup before the scenarios, teardown after them (once per run). */
export type Hook = 'setup' | 'teardown';
export const isHook = (key: unknown): key is Hook => key === 'setup' || key === 'teardown';

export type Selection =
  | { kind: 'settings'; section: SettingsSection }
  | { kind: 'scenario'; name: string }
  | { kind: 'hook'; hook: Hook }
  | { kind: 'step'; path: Path };

export const DEFAULT_SELECTION: Selection = { kind: 'settings', section: 'general' };

/** Where the selection is after an edit: it follows moved items and falls back to the parent when deleted. */
export function followEdit(sel: Selection, e: Edit): Selection {
  if (
    e.kind === 'renameKey' &&
    sel.kind === 'scenario' &&
    e.path.length === 1 &&
    e.path[0] === 'scenarios' &&
    sel.name === e.from
  )
    return { kind: 'scenario', name: e.to };
  if (sel.kind !== 'step') {
    if (
      sel.kind === 'scenario' &&
      e.kind === 'delete' &&
      e.path[0] === 'scenarios' &&
      e.path[1] === sel.name &&
      e.path.length === 2
    )
      return DEFAULT_SELECTION;
    return sel;
  }
  const path = sel.path;
  if (e.kind === 'renameKey' && e.path.length === 1 && e.path[0] === 'scenarios' && path[1] === e.from) {
    return { kind: 'step', path: ['scenarios', e.to, ...path.slice(2)] };
  }
  if (e.kind === 'delete') {
    if (startsWith(path, e.path)) return parentOf(e.path);
    return { kind: 'step', path: shiftAfterRemoval(path, e.path) };
  }
  if (e.kind === 'insert') return { kind: 'step', path: shiftAfterInsert(path, e.path, e.index) };
  if (e.kind === 'move' && startsWith(path, e.path) && path.length > e.path.length) {
    const i = path[e.path.length] as number;
    const moved = i === e.from ? e.to : i > e.from && i <= e.to ? i - 1 : i < e.from && i >= e.to ? i + 1 : i;
    return { kind: 'step', path: [...e.path, moved, ...path.slice(e.path.length + 1)] };
  }
  if (e.kind === 'replace') return sel; // the code view: the designer checks the path still exists
  return sel;
}

/** The container step (a group, a batch, a loop, an if) or the scenario that held a deleted step (or else list). */
function parentOf(deleted: Path): Selection {
  // ['scenarios', name, 'steps', i, (...children of a container, j)*], or a whole branch list (an if's else)
  const container = deleted.length > 4 ? (containerOf(deleted.slice(0, -1)) ?? containerOf(deleted)) : null;
  if (container) return { kind: 'step', path: container.step };
  if (isHook(deleted[0])) return { kind: 'hook', hook: deleted[0] };
  return deleted[0] === 'scenarios' && typeof deleted[1] === 'string'
    ? { kind: 'scenario', name: deleted[1] }
    : DEFAULT_SELECTION;
}

function shiftAfterRemoval(path: Path, removed: Path): Path {
  const parent = removed.slice(0, -1);
  const idx = removed[removed.length - 1];
  if (typeof idx !== 'number' || !startsWith(path, parent) || path.length <= parent.length) return path;
  const mine = path[parent.length] as number;
  return mine > idx ? [...parent, mine - 1, ...path.slice(parent.length + 1)] : path;
}

function shiftAfterInsert(path: Path, arrayPath: Path, index: number): Path {
  if (!startsWith(path, arrayPath) || path.length <= arrayPath.length) return path;
  const mine = path[arrayPath.length] as number;
  return mine >= index ? [...arrayPath, mine + 1, ...path.slice(arrayPath.length + 1)] : path;
}
