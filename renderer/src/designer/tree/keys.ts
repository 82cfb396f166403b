/**
 * The tree's keyboard, pure: which command a key press means (WAI-ARIA tree pattern plus the editing keys), and
 * where focus goes for the navigation commands.
 */
import type { Row } from './model.ts';

export type KeyCommand =
  | 'next'
  | 'prev'
  | 'first'
  | 'last'
  | 'right'
  | 'left'
  | 'select'
  | 'rename'
  | 'delete'
  | 'duplicate'
  | 'menu'
  | 'moveUp'
  | 'moveDown'
  | 'indent'
  | 'outdent';

export interface KeyPress {
  key: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export function keyCommand(e: KeyPress): KeyCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey && !mod) {
    if (e.key === 'ArrowUp' && !e.shiftKey) return 'moveUp';
    if (e.key === 'ArrowDown' && !e.shiftKey) return 'moveDown';
    if (e.key === 'ArrowRight' && e.shiftKey) return 'indent';
    if (e.key === 'ArrowLeft' && e.shiftKey) return 'outdent';
    return null;
  }
  if (mod) return !e.shiftKey && e.key.toLowerCase() === 'd' ? 'duplicate' : null;
  if (e.key === 'F10' && e.shiftKey) return 'menu';
  if (e.shiftKey) return null;
  switch (e.key) {
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return 'prev';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'ArrowRight':
      return 'right';
    case 'ArrowLeft':
      return 'left';
    case 'Enter':
    case ' ':
      return 'select';
    case 'F2':
      return 'rename';
    case 'Delete':
      return 'delete';
    case 'ContextMenu':
      return 'menu';
    default:
      return null;
  }
}

/** What a navigation key does: focus another row, or expand or collapse the current one. */
export type NavResult = { focus: string } | { expand: string } | { collapse: string } | null;

export function navigate(
  rows: readonly Row[],
  activeId: string,
  cmd: KeyCommand,
  collapsed: ReadonlySet<string>,
): NavResult {
  const i = rows.findIndex((r) => r.node.id === activeId);
  const row = rows[i];
  if (!row) return rows[0] ? { focus: rows[0].node.id } : null;
  const at = (j: number): NavResult => {
    const r = rows[j];
    return r ? { focus: r.node.id } : null;
  };
  const parent = row.node.children.length > 0;
  switch (cmd) {
    case 'next':
      return at(i + 1);
    case 'prev':
      return at(i - 1);
    case 'first':
      return at(0);
    case 'last':
      return at(rows.length - 1);
    case 'right':
      if (!parent) return null;
      return collapsed.has(row.node.id) ? { expand: row.node.id } : at(i + 1);
    case 'left':
      if (parent && !collapsed.has(row.node.id)) return { collapse: row.node.id };
      return row.parentId ? { focus: row.parentId } : null;
    default:
      return null;
  }
}
