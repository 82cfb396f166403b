/** What every row of the plan tree reads from the tree: its state, and the commands it can start. */
import { createContext, useContext } from 'react';
import type { TreeNode } from './model.ts';
import type { TreeActions } from './treeActions.ts';
import type { TreeDrag } from './useTreeDrag.ts';

export interface TreeState {
  /** The row that has the tab stop (roving tabindex). */
  activeId: string;
  selectedId: string;
  collapsed: ReadonlySet<string>;
  renamingId: string | null;
  actions: TreeActions;
  drag: TreeDrag;
  register(id: string, el: HTMLElement | null): void;
  setActive(id: string): void;
  toggle(id: string): void;
  /** Closes the inline rename; `refocus` puts focus back on the (renamed, selected) row. */
  endRename(refocus: boolean): void;
  openMenu(node: TreeNode, kind: 'add' | 'actions', x: number, y: number): void;
}

export const TreeContext = createContext<TreeState | null>(null);

export function useTree(): TreeState {
  const t = useContext(TreeContext);
  if (!t) throw new Error('useTree() needs the PlanTree above it');
  return t;
}
