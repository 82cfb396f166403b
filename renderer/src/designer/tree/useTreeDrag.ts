/** HTML5 drag and drop of tree rows: the dragged node, the drop hint under the pointer, and the drop itself. */
import { useRef, useState, type DragEvent } from 'react';
import { dropOn, type Drop, type DropPosition } from './dropTarget.ts';
import type { TreeNode } from './model.ts';

export interface DropHint {
  id: string;
  position: DropPosition;
}

export interface TreeDrag {
  hint: DropHint | null;
  rowProps(node: TreeNode): {
    draggable: boolean;
    onDragStart(e: DragEvent): void;
    onDragOver(e: DragEvent): void;
    onDragLeave(e: DragEvent): void;
    onDrop(e: DragEvent): void;
    onDragEnd(): void;
  };
}

export function useTreeDrag(doc: unknown, onDrop: (dragged: TreeNode, drop: Drop, over: TreeNode) => void): TreeDrag {
  const dragged = useRef<TreeNode | null>(null);
  const [hint, setHint] = useState<DropHint | null>(null);

  const dropAt = (e: DragEvent, over: TreeNode): Drop | null => {
    if (!dragged.current) return null;
    const box = e.currentTarget.getBoundingClientRect();
    return dropOn(doc, dragged.current, over, box.height > 0 ? (e.clientY - box.top) / box.height : 0.5);
  };
  const clear = (): void => {
    dragged.current = null;
    setHint(null);
  };

  return {
    hint,
    rowProps: (node) => ({
      draggable: node.place !== undefined,
      onDragStart(e) {
        e.stopPropagation();
        dragged.current = node;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', node.label);
      },
      onDragOver(e) {
        const drop = dropAt(e, node);
        if (!drop) {
          if (hint?.id === node.id) setHint(null);
          return;
        }
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (hint?.id !== node.id || hint.position !== drop.position) setHint({ id: node.id, position: drop.position });
      },
      onDragLeave(e) {
        if (hint?.id === node.id && !e.currentTarget.contains(e.relatedTarget as Node | null)) setHint(null);
      },
      onDrop(e) {
        const drop = dropAt(e, node);
        const from = dragged.current;
        clear();
        if (!drop || !from) return;
        e.preventDefault();
        onDrop(from, drop, node);
      },
      onDragEnd: clear,
    }),
  };
}
