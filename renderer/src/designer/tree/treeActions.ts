/**
 * The tree's commands on nodes, shared by the keyboard, the row menus and drag and drop. Each is one edit (one
 * undo step); what it creates or moves becomes the selection, and focus follows the selection.
 */
import type { Edit } from '../core/edits.ts';
import type { Hook, Selection } from '../core/selection.ts';
import { scenarioNames, type StepKind } from '../core/doc/index.ts';
import type { Designer } from '../state/DesignerProvider.tsx';
import {
  addHook,
  addScenario,
  addStep,
  deleteScenario,
  duplicateScenario,
  duplicateStep,
  renameEdit,
  renameTarget,
  scenarioHasSteps,
  type TreeChange,
} from './actions.ts';
import { groupNameProblem, scenarioNameProblem } from './labels.ts';
import type { TreeNode } from './model.ts';
import type { Drop } from './dropTarget.ts';
import {
  deleteStepEdit,
  indentStep,
  indexAfterRemoval,
  moveScenario,
  moveStep,
  moveStepBy,
  outdentStep,
  type Move,
} from './moves.ts';

export type MoveCommand = 'moveUp' | 'moveDown' | 'indent' | 'outdent';

export interface TreeUi {
  /** Focus this row once the change has rendered. */
  focusAfter(id: string | null): void;
  startRename(id: string): void;
  confirmDelete(node: TreeNode): void;
  /** The row before a node, where focus goes when the node is deleted. */
  rowBefore(id: string): string | null;
}

export interface TreeActions {
  select(node: TreeNode): void;
  /** The name an inline rename starts from; null for nodes without a name (think steps, batches, settings). */
  renameValue(node: TreeNode): string | null;
  rename(node: TreeNode): void;
  /** What is wrong with a new name for the node (null when it can be used). */
  renameProblem(node: TreeNode, name: string): string | null;
  /** Applies an inline rename (and selects the node); returns what is wrong with the name instead. */
  commitRename(node: TreeNode, name: string): string | null;
  remove(node: TreeNode, confirmed?: boolean): void;
  duplicate(node: TreeNode): void;
  addStep(node: TreeNode, kind: StepKind): void;
  addScenario(name: string): void;
  addHook(hook: Hook): void;
  move(node: TreeNode, cmd: MoveCommand): boolean;
  drop(dragged: TreeNode, target: Drop['target']): void;
}

export function treeActions(d: Designer, ui: TreeUi): TreeActions {
  const apply = (change: TreeChange | null, focus = true): void => {
    if (!change) return;
    d.edit(change.edit);
    if (change.select) d.select(change.select);
    if (focus) ui.focusAfter(null);
  };
  const applyMove = (move: Move | null): boolean => {
    if (!move) return false;
    apply({ edit: move.edit, select: { kind: 'step', path: move.to } });
    return true;
  };
  const scenarioMove = (name: string, edit: Edit | null): boolean => {
    if (!edit) return false;
    apply({ edit, select: { kind: 'scenario', name } });
    return true;
  };
  const renameProblem = (node: TreeNode, name: string): string | null => {
    const target = renameTarget(d.doc, node.selection);
    const trimmed = name.trim();
    if (target?.kind === 'scenario') return scenarioNameProblem(trimmed, scenarioNames(d.doc), target.value);
    return target?.kind === 'group' ? groupNameProblem(trimmed) : null;
  };
  const stepPath = (node: TreeNode) => (node.selection.kind === 'step' ? node.selection.path : null);

  return {
    select(node) {
      d.select(node.selection);
    },
    renameValue: (node) => renameTarget(d.doc, node.selection)?.value ?? null,
    rename(node) {
      if (!renameTarget(d.doc, node.selection)) return;
      d.select(node.selection);
      ui.startRename(node.id);
    },
    renameProblem,
    commitRename(node, name) {
      const problem = renameProblem(node, name);
      if (problem) return problem;
      const trimmed = name.trim();
      const edit = renameEdit(d.doc, node.selection, trimmed);
      const select: Selection =
        node.selection.kind === 'scenario' ? { kind: 'scenario', name: trimmed } : node.selection;
      // Focus is the inline field's business: it returns to the row on Enter, stays where the user went on a blur.
      if (edit) apply({ edit, select }, false);
      return null;
    },
    remove(node, confirmed = false) {
      // A branch row (then, else, a switch's branch) selects its step: Delete there must not delete the step.
      if (node.kind === 'branch') return;
      const sel = node.selection;
      if (sel.kind === 'settings' || sel.kind === 'hook') return;
      if (sel.kind === 'scenario' && !confirmed && scenarioHasSteps(d.doc, sel.name)) {
        ui.confirmDelete(node);
        return;
      }
      d.edit(sel.kind === 'scenario' ? deleteScenario(sel.name) : deleteStepEdit(d.doc, sel.path));
      ui.focusAfter(ui.rowBefore(node.id));
    },
    duplicate(node) {
      if (node.kind === 'branch') return;
      const sel = node.selection;
      if (sel.kind === 'scenario') apply(duplicateScenario(d.doc, sel.name));
      else if (sel.kind === 'step') apply(duplicateStep(d.doc, sel.path));
    },
    addStep(node, kind) {
      if (node.childList) apply(addStep(d.doc, node.childList, kind));
    },
    addScenario(name) {
      apply(addScenario(name));
    },
    addHook(hook) {
      apply(addHook(hook));
    },
    move(node, cmd) {
      const place = node.place;
      if (place?.kind === 'scenario') {
        if (cmd !== 'moveUp' && cmd !== 'moveDown') return false;
        return scenarioMove(place.name, moveScenario(d.doc, place.name, place.index + (cmd === 'moveUp' ? -1 : 1)));
      }
      const path = stepPath(node);
      if (!path || node.kind === 'branch') return false;
      switch (cmd) {
        case 'moveUp':
          return applyMove(moveStepBy(d.doc, path, -1));
        case 'moveDown':
          return applyMove(moveStepBy(d.doc, path, 1));
        case 'indent':
          return applyMove(indentStep(d.doc, path));
        case 'outdent':
          return applyMove(outdentStep(d.doc, path));
      }
    },
    drop(dragged, target) {
      const place = dragged.place;
      if ('scenarioBefore' in target) {
        if (place?.kind === 'scenario')
          scenarioMove(
            place.name,
            moveScenario(d.doc, place.name, indexAfterRemoval(place.index, target.scenarioBefore)),
          );
        return;
      }
      const path = stepPath(dragged);
      if (path) applyMove(moveStep(d.doc, path, target));
    },
  };
}
