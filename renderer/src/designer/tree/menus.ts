/** The items of a row's menus: "Add step" (a scenario, a container step, a branch) and the node's actions, with their keys. */
import type { Doc } from '../core/doc-path.ts';
import { isStepKind, STEP_KIND_NAMES, STEP_KINDS } from '../core/doc/index.ts';
import type { TreeNode } from './model.ts';
import { indentStep, outdentStep } from './moves.ts';
import type { TreeActions } from './treeActions.ts';

export interface MenuItem {
  label: string;
  shortcut?: string;
  disabled?: boolean;
  /** The first item of a group (flow control after the plain steps): a rule above it. */
  groupStart?: boolean;
  run(): void;
}

export function addItems(node: TreeNode, a: TreeActions): MenuItem[] {
  if (!node.childList) return [];
  // A container of requests only (a batch) offers requests only.
  const only = isStepKind(node.kind) && STEP_KINDS[node.kind].requestsOnly === true;
  const offered = STEP_KIND_NAMES.filter((kind) => !only || kind === 'request');
  // Plain steps first, then flow control: kinds added after flow control in STEP_KINDS (protocol steps) join the first.
  const kinds = [...offered.filter((k) => !STEP_KINDS[k].flow), ...offered.filter((k) => STEP_KINDS[k].flow)];
  const firstFlow = kinds.find((kind) => STEP_KINDS[kind].flow);
  return kinds.map((kind) => ({
    label: STEP_KINDS[kind].label,
    ...(kind === firstFlow ? { groupStart: true } : {}),
    run: () => a.addStep(node, kind),
  }));
}

export function actionItems(doc: Doc, node: TreeNode, a: TreeActions): MenuItem[] {
  const place = node.place;
  if (!place) return [];
  const path = node.selection.kind === 'step' ? node.selection.path : null;
  const items: MenuItem[] = [];
  if (a.renameValue(node) !== null) items.push({ label: 'Rename', shortcut: 'F2', run: () => a.rename(node) });
  items.push(
    { label: 'Duplicate', shortcut: 'Ctrl+D', run: () => a.duplicate(node) },
    { label: 'Move up', shortcut: 'Alt+↑', disabled: place.index === 0, run: () => a.move(node, 'moveUp') },
    {
      label: 'Move down',
      shortcut: 'Alt+↓',
      disabled: place.index === place.count - 1,
      run: () => a.move(node, 'moveDown'),
    },
  );
  if (path) {
    items.push(
      {
        label: 'Move into the step above',
        shortcut: 'Alt+Shift+→',
        disabled: indentStep(doc, path) === null,
        run: () => a.move(node, 'indent'),
      },
      {
        label: 'Move out of its container',
        shortcut: 'Alt+Shift+←',
        disabled: outdentStep(doc, path) === null,
        run: () => a.move(node, 'outdent'),
      },
    );
  }
  items.push({ label: 'Delete', shortcut: 'Del', run: () => a.remove(node) });
  return items;
}
