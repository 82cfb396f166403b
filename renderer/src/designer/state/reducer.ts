/** The designer's state transitions, pure: edits go through history, and the selection follows them. */
import type { Edit } from '../core/edits.ts';
import { getIn } from '../core/doc-path.ts';
import { initHistory, record, redo, undo, type History } from '../core/history.ts';
import { DEFAULT_SELECTION, followEdit, isHook, type Selection } from '../core/selection.ts';

export interface DesignerState {
  history: History;
  selection: Selection;
}

export type DesignerAction =
  | { type: 'edit'; edit: Edit; now: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; selection: Selection }
  | { type: 'load'; doc: unknown };

export function initState(doc: unknown): DesignerState {
  return { history: initHistory(doc), selection: DEFAULT_SELECTION };
}

export function reducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'edit': {
      const history = record(state.history, action.edit, action.now);
      if (history === state.history) return state;
      return { history, selection: stillThere(history.present, followEdit(state.selection, action.edit)) };
    }
    case 'undo':
    case 'redo': {
      const history = action.type === 'undo' ? undo(state.history) : redo(state.history);
      return { history, selection: stillThere(history.present, state.selection) };
    }
    case 'select':
      return { ...state, selection: action.selection };
    case 'load':
      return initState(action.doc);
  }
}

/** A selection whose target vanished (undo, a code-view edit) falls back to the nearest thing that exists. */
function stillThere(doc: unknown, sel: Selection): Selection {
  if (sel.kind === 'scenario') return getIn(doc, ['scenarios', sel.name]) === undefined ? DEFAULT_SELECTION : sel;
  if (sel.kind !== 'step') return sel;
  if (getIn(doc, sel.path) !== undefined) return sel;
  const scenario = sel.path[1];
  if (isHook(sel.path[0])) return { kind: 'hook', hook: sel.path[0] };
  return typeof scenario === 'string' && getIn(doc, ['scenarios', scenario]) !== undefined
    ? { kind: 'scenario', name: scenario }
    : DEFAULT_SELECTION;
}
