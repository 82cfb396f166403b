/**
 * Moving steps and scenarios, pure. Every move is ONE edit, so one undo puts it back: a `move` within a list, a
 * `replace` of the document (computed with the doc-path helpers) across lists or for the order of scenarios.
 * A move also says where the item ends up, so the selection (and focus) can go with it.
 */
import { deleteIn, getIn, insertIn, samePath, setIn, startsWith, type Doc, type Path } from '../core/doc-path.ts';
import {
  childList,
  containerOf,
  keysOf,
  objectOf,
  planOf,
  STEP_KINDS,
  stepAt,
  stepKind,
  stepsAt,
} from '../core/doc/index.ts';
import type { Edit } from '../core/edits.ts';

/** Into the step list at `list`, before the item now at `index` (the list's length appends). */
export interface Target {
  list: Path;
  index: number;
}

export interface Move {
  edit: Edit;
  to: Path;
}

const listOf = (path: Path): Path => path.slice(0, -1);
const indexOf = (path: Path): number => path[path.length - 1] as number;
const lengthAt = (doc: Doc, list: Path): number => stepsAt(doc, list).length;
/** The final index of an item taken from `from` and put before the item now at `before`, in the same list. */
export const indexAfterRemoval = (from: number, before: number): number => (before > from ? before - 1 : before);
/** Whether the step at `from` may go into `list`: not into itself, and a batch holds requests only. */
export function canMoveInto(doc: Doc, from: Path, list: Path): boolean {
  if (startsWith(list, from)) return false;
  const container = containerOf(list);
  return !(container && STEP_KINDS[container.kind].requestsOnly) || stepKind(stepAt(doc, from)) === 'request';
}

export function moveStep(doc: Doc, from: Path, target: Target): Move | null {
  if (getIn(doc, from) === undefined || !canMoveInto(doc, from, target.list)) return null;
  const fromList = listOf(from);
  const i = indexOf(from);
  if (samePath(fromList, target.list)) {
    const to = Math.min(indexAfterRemoval(i, target.index), lengthAt(doc, fromList) - 1);
    return to === i ? null : { edit: { kind: 'move', path: fromList, from: i, to }, to: [...fromList, to] };
  }
  // Across lists: take it out, then put it in; the target list's own path shifts when it runs through the
  // source list after the removed item.
  const item = getIn(doc, from);
  const without = pruneOptional(deleteIn(doc, from), fromList);
  const list = shiftedBy(target.list, from);
  const index = Math.max(0, Math.min(target.index, lengthAt(without, list)));
  return { edit: { kind: 'replace', doc: insertIn(without, list, index, item) }, to: [...list, index] };
}

/**
 * What goes away with the last step of an optional list, which the schema refuses empty: an if's else (an empty
 * else is no else), and setup or teardown when steps are all they hold (a timeout set stays, with its problem).
 */
function optionalHolder(doc: Doc, list: Path): Path | null {
  if (list[list.length - 1] === 'else' && list[list.length - 2] === 'if') return list;
  const hook = list[0];
  if (
    list.length === 2 &&
    (hook === 'setup' || hook === 'teardown') &&
    keysOf(getIn(doc, [hook])).every((k) => k === 'steps')
  )
    return [hook];
  return null;
}

function pruneOptional(doc: Doc, list: Path): Doc {
  const holder = lengthAt(doc, list) === 0 ? optionalHolder(doc, list) : null;
  return holder ? deleteIn(doc, holder) : doc;
}

/** Deleting a step: with it the else, setup or teardown it was the only step of (see optionalHolder). */
export function deleteStepEdit(doc: Doc, path: Path): Edit {
  const list = listOf(path);
  const holder = lengthAt(doc, list) === 1 ? optionalHolder(doc, list) : null;
  return { kind: 'delete', path: holder ?? path };
}

function shiftedBy(path: Path, removed: Path): Path {
  const parent = listOf(removed);
  if (!startsWith(path, parent) || path.length <= parent.length) return path;
  const mine = path[parent.length] as number;
  return mine > indexOf(removed) ? [...parent, mine - 1, ...path.slice(parent.length + 1)] : path;
}

/** Alt+ArrowUp / Alt+ArrowDown: one place up or down in the same list. */
export function moveStepBy(doc: Doc, path: Path, delta: -1 | 1): Move | null {
  const i = indexOf(path);
  const to = i + delta;
  if (to < 0 || to >= lengthAt(doc, listOf(path))) return null;
  return { edit: { kind: 'move', path: listOf(path), from: i, to }, to: [...listOf(path), to] };
}

/** The list a step's children go into, when it has one (a group's or a loop's steps, a batch's requests). */
export function childListOf(doc: Doc, path: Path): Path | null {
  return childList(path, stepKind(stepAt(doc, path)));
}

/** Alt+Shift+ArrowRight: into the group (batch, loop, once) just above, at its end. */
export function indentStep(doc: Doc, path: Path): Move | null {
  const i = indexOf(path);
  if (i === 0) return null;
  const list = childListOf(doc, [...listOf(path), i - 1]);
  return list ? moveStep(doc, path, { list, index: lengthAt(doc, list) }) : null;
}

/** Alt+Shift+ArrowLeft: out of its group (batch, loop, branch), just after the step that holds it. */
export function outdentStep(doc: Doc, path: Path): Move | null {
  const container = containerOf(listOf(path))?.step;
  if (!container) return null;
  return moveStep(doc, path, { list: listOf(container), index: indexOf(container) + 1 });
}

/** The plan's scenarios in a new order (one `replace` edit: a scenario is a key, not an array item). */
export function moveScenario(doc: Doc, name: string, toIndex: number): Edit | null {
  const scenarios = objectOf(planOf(doc).scenarios);
  if (!scenarios) return null;
  const names = Object.keys(scenarios);
  const from = names.indexOf(name);
  const to = Math.max(0, Math.min(toIndex, names.length - 1));
  if (from < 0 || from === to) return null;
  names.splice(from, 1);
  names.splice(to, 0, name);
  return { kind: 'replace', doc: setIn(doc, ['scenarios'], Object.fromEntries(names.map((n) => [n, scenarios[n]]))) };
}
