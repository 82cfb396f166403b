/**
 * The plan outline (WAI-ARIA tree): plan settings and their sections, then each scenario with its steps, groups
 * and batches. It reads the document, so undo and the code view show up here at once; every change it makes is
 * one edit. Selecting a row selects it in the designer; the selection's row is always the tab stop.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { issuesAt } from '../core/validation.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { AddHooks } from './AddHooks.tsx';
import { AddScenario } from './AddScenario.tsx';
import { keyCommand, navigate } from './keys.ts';
import { actionItems, addItems } from './menus.ts';
import { ancestorIds, buildTree, selectionId, SETTINGS_ID, shortName, visibleRows, type TreeNode } from './model.ts';
import { NodeMenu, type MenuAt } from './NodeMenu.tsx';
import { TreeContext, type TreeState } from './TreeContext.ts';
import { TreeItem } from './TreeItem.tsx';
import { treeActions, type TreeUi } from './treeActions.ts';
import { useTreeDrag } from './useTreeDrag.ts';
import './tree.css';

/** Focus request for after the next render: a row id, or SELECTION for wherever the selection then is. */
const SELECTION = Symbol('selection');

export function PlanTree() {
  const d = useDesigner();
  const nodes = useMemo(() => buildTree(d.doc, d.issues), [d.doc, d.issues]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => visibleRows(nodes, collapsed), [nodes, collapsed]);
  const selectedId = selectionId(d.selection);
  const [focusId, setFocusId] = useState(selectedId);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TreeNode | null>(null);
  const [menu, setMenu] = useState<(MenuAt & { from: string }) | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  // Where focus goes once the change a command made has rendered (state, so commands never write during render).
  const [pendingFocus, setPendingFocus] = useState<string | typeof SELECTION | null>(null);

  // When the selection moves (a click, an edit, undo, another panel), the tab stop follows and its row is shown.
  const [seenSelection, setSeenSelection] = useState(selectedId);
  if (seenSelection !== selectedId) {
    setSeenSelection(selectedId);
    setFocusId(selectedId);
    const up = ancestorIds(nodes, selectedId) ?? [];
    if (up.some((id) => collapsed.has(id))) setCollapsed(new Set([...collapsed].filter((id) => !up.includes(id))));
  }
  const visible = (id: string): boolean => rows.some((r) => r.node.id === id);
  const activeId = visible(focusId) ? focusId : visible(selectedId) ? selectedId : SETTINGS_ID;

  const lastFocused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    // The focused row vanished (undo, the code view): keep the keyboard in the tree.
    const lost =
      lastFocused.current !== null && !lastFocused.current.isConnected && document.activeElement === document.body;
    const want = pendingFocus ?? (lost ? activeId : null);
    if (want === null) return;
    if (pendingFocus !== null) setPendingFocus(null);
    const el = elements.current.get(want === SELECTION ? selectedId : want);
    (el ?? elements.current.get(activeId))?.focus();
    // Rows come and go with the document, the menu, the dialog and the inline rename: any of them may take focus away.
  }, [pendingFocus, activeId, selectedId, rows, renamingId, menu, confirm]);
  useLayoutEffect(() => {
    elements.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  const ui: TreeUi = {
    focusAfter: (id) => {
      setPendingFocus(id ?? SELECTION);
      if (id) setFocusId(id);
    },
    startRename: (id) => {
      setRenamingId(id);
    },
    confirmDelete: setConfirm,
    rowBefore: (id) => {
      const i = rows.findIndex((r) => r.node.id === id);
      return rows[i - 1]?.node.id ?? null;
    },
  };
  const actions = treeActions(d, ui);
  const drag = useTreeDrag(d.doc, (dragged, drop, over) => {
    if (drop.position === 'inside' && collapsed.has(over.id))
      setCollapsed(new Set([...collapsed].filter((id) => id !== over.id)));
    actions.drop(dragged, drop.target);
  });

  const setExpanded = (id: string, open: boolean): void => {
    const next = new Set(collapsed);
    if (open) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  };
  const openMenu = (node: TreeNode, kind: 'add' | 'actions', x: number, y: number): void => {
    const items = kind === 'add' ? addItems(node, actions) : actionItems(d.doc, node, actions);
    if (items.length > 0)
      setMenu({ label: `${kind === 'add' ? 'Add to' : 'Actions for'} ${shortName(node)}`, items, x, y, from: node.id });
  };

  const state: TreeState = {
    activeId,
    selectedId,
    collapsed,
    renamingId,
    actions,
    drag,
    register: (id, el) => {
      if (el) elements.current.set(id, el);
      else elements.current.delete(id);
    },
    setActive: setFocusId,
    toggle: (id) => setExpanded(id, collapsed.has(id)),
    endRename: (refocus) => {
      setRenamingId(null);
      if (refocus) setPendingFocus(SELECTION);
    },
    openMenu,
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if ((e.target as HTMLElement).getAttribute('role') !== 'treeitem') return;
    const cmd = keyCommand(e);
    const node = rows.find((r) => r.node.id === activeId)?.node;
    if (!cmd || !node) return;
    e.preventDefault();
    switch (cmd) {
      case 'select':
        actions.select(node);
        break;
      case 'rename':
        actions.rename(node);
        break;
      case 'delete':
        actions.remove(node);
        break;
      case 'duplicate':
        actions.duplicate(node);
        break;
      case 'moveUp':
      case 'moveDown':
      case 'indent':
      case 'outdent':
        actions.move(node, cmd);
        break;
      case 'menu': {
        const box = elements.current.get(node.id)?.getBoundingClientRect();
        openMenu(node, 'actions', (box?.left ?? 0) + 24, (box?.top ?? 0) + 24);
        break;
      }
      default: {
        const nav = navigate(rows, activeId, cmd, collapsed);
        if (nav && 'focus' in nav) elements.current.get(nav.focus)?.focus();
        else if (nav && 'expand' in nav) setExpanded(nav.expand, true);
        else if (nav && 'collapse' in nav) setExpanded(nav.collapse, false);
      }
    }
  };

  const scenarioIssues = issuesAt(d.issues, ['scenarios']);
  return (
    <TreeContext.Provider value={state}>
      <nav className="plan-tree" aria-label="Plan tree">
        <ul
          role="tree"
          aria-label="Plan"
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            lastFocused.current = e.target;
          }}
          onBlur={(e) => {
            if (e.relatedTarget !== null) lastFocused.current = null;
          }}
        >
          {nodes.map((node) => (
            <TreeItem key={node.id} node={node} level={1} />
          ))}
        </ul>
        {!nodes.some((n) => n.kind === 'scenario') && (
          <p className="tree-empty">No scenarios yet: add one to give the plan something to run.</p>
        )}
        {scenarioIssues.map((i) => (
          <p key={i.message} className="tree-problem">
            {i.message}
          </p>
        ))}
        <AddScenario doc={d.doc} add={actions.addScenario} />
        <AddHooks doc={d.doc} add={actions.addHook} />
      </nav>
      {menu && (
        <NodeMenu
          menu={menu}
          onClose={() => {
            setPendingFocus(menu.from);
            setFocusId(menu.from);
            setMenu(null);
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          title={`Delete scenario ${confirm.text}?`}
          confirmLabel="Delete"
          onCancel={() => {
            setConfirm(null);
            setPendingFocus(confirm.id);
          }}
          onConfirm={() => {
            setConfirm(null);
            actions.remove(confirm, true);
          }}
        >
          <p>
            Its {confirm.children.length === 1 ? 'step goes' : `${confirm.children.length} steps go`} with it. Undo
            (Ctrl+Z) brings it back.
          </p>
        </ConfirmDialog>
      )}
    </TreeContext.Provider>
  );
}
