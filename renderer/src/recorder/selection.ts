/**
 * Which entries are picked for "Create plan" and "Export HAR": checkboxes, shift-click for a range (in the order
 * the list shows), "select all shown". Pure; what an action uses is the selection that is still shown.
 */

export interface EntrySelection {
  ids: ReadonlySet<number>;
  /** The last entry clicked without shift: a shift-click selects from here. */
  anchor: number | null;
}

export const NO_SELECTION: EntrySelection = { ids: new Set(), anchor: null };

export function toggleEntry(s: EntrySelection, id: number, on: boolean): EntrySelection {
  const ids = new Set(s.ids);
  if (on) ids.add(id);
  else ids.delete(id);
  return { ids, anchor: id };
}

/** Shift-click: every entry between the anchor and `id` (in `order`) set to `on`; without an anchor, just `id`. */
export function selectRange(s: EntrySelection, order: readonly number[], id: number, on: boolean): EntrySelection {
  const from = s.anchor === null ? -1 : order.indexOf(s.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggleEntry(s, id, on);
  const ids = new Set(s.ids);
  for (const x of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (on) ids.add(x);
    else ids.delete(x);
  }
  return { ids, anchor: s.anchor };
}

/** Selects (or clears) every shown entry, leaving hidden ones as they are. */
export function selectShown(s: EntrySelection, shown: readonly number[], on: boolean): EntrySelection {
  const ids = new Set(s.ids);
  for (const x of shown) {
    if (on) ids.add(x);
    else ids.delete(x);
  }
  return { ids, anchor: s.anchor };
}

/** The selected entries that are shown, in id order: what actions apply to. */
export function effectiveSelection(s: EntrySelection, shown: readonly number[]): number[] {
  return shown.filter((id) => s.ids.has(id)).sort((a, b) => a - b);
}

/** The state of a "select all shown" checkbox. */
export function shownState(s: EntrySelection, shown: readonly number[]): 'none' | 'some' | 'all' {
  const n = shown.filter((id) => s.ids.has(id)).length;
  return n === 0 ? 'none' : n === shown.length ? 'all' : 'some';
}
