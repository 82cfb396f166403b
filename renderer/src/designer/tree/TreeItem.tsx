/**
 * One node of the plan tree and, when expanded, its children (WAI-ARIA treeitem). The row shows a badge (HTTP
 * method, step kind), the text, a muted detail and the number of validation problems inside; its buttons are out
 * of the tab order because the keyboard has its own keys for them (see keys.ts).
 */
import type { CSSProperties, MouseEvent } from 'react';
import { isStepKind, STEP_KINDS } from '../core/doc/index.ts';
import { shortName, type TreeNode } from './model.ts';
import { RenameInput } from './RenameInput.tsx';
import { useTree } from './TreeContext.ts';

const plural = (n: number): string => `${n} problem${n === 1 ? '' : 's'}`;

export function TreeItem({ node, level }: { node: TreeNode; level: number }) {
  const t = useTree();
  const hasChildren = node.children.length > 0;
  const expanded = hasChildren ? !t.collapsed.has(node.id) : undefined;
  const selected = t.selectedId === node.id;
  const renaming = t.renamingId === node.id;
  const problems = node.issues.length;
  const name = shortName(node);
  // A container of requests only (a batch) adds a request at once; the others ask which kind of step.
  const requestsOnly = isStepKind(node.kind) && STEP_KINDS[node.kind].requestsOnly === true;
  const hint = t.drag.hint?.id === node.id ? ` drop-${t.drag.hint.position}` : '';
  const drag = t.drag.rowProps(node);
  const menuAt =
    (kind: 'add' | 'actions') =>
    (e: MouseEvent<HTMLElement>): void => {
      e.stopPropagation();
      const box = e.currentTarget.getBoundingClientRect();
      t.openMenu(node, kind, box.left, box.bottom + 2);
    };

  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={expanded}
      aria-selected={selected}
      aria-label={problems > 0 ? `${node.label}, ${plural(problems)}` : node.label}
      tabIndex={t.activeId === node.id ? 0 : -1}
      ref={(el) => t.register(node.id, el)}
      onFocus={(e) => {
        if (e.target === e.currentTarget) t.setActive(node.id);
      }}
      className="tree-item"
      data-kind={node.kind}
    >
      <div
        className={`tree-row${selected ? ' selected' : ''}${hint}`}
        style={{ '--level': level } as CSSProperties}
        onClick={() => {
          t.setActive(node.id);
          t.actions.select(node);
        }}
        onDoubleClick={() => t.actions.rename(node)}
        onContextMenu={(e) => {
          if (node.place) {
            e.preventDefault();
            t.openMenu(node, 'actions', e.clientX, e.clientY);
          }
        }}
        {...drag}
        draggable={drag.draggable && !renaming}
      >
        <span
          className="tree-toggle"
          aria-hidden="true"
          onClick={(e) => {
            if (hasChildren) {
              e.stopPropagation();
              t.toggle(node.id);
            }
          }}
        >
          {expanded === undefined ? '' : expanded ? '▾' : '▸'}
        </span>
        {node.badge && (
          <span className={`tree-badge badge-${node.kind === 'request' ? node.badge.toLowerCase() : node.kind}`}>
            {node.badge}
          </span>
        )}
        {renaming ? (
          <RenameInput
            label={`New name for ${node.text}`}
            placeholder={node.kind === 'request' ? 'method and URL' : undefined}
            initial={t.actions.renameValue(node) ?? ''}
            check={(v) => t.actions.renameProblem(node, v)}
            commit={(v) => t.actions.commitRename(node, v)}
            close={t.endRename}
          />
        ) : (
          <span className="tree-label">
            <span className="tree-text" title={node.text}>
              {node.text}
            </span>
            {node.detail && <span className="tree-detail">{node.detail}</span>}
          </span>
        )}
        {problems > 0 && (
          <span className="tree-problems" title={node.issues.map((i) => i.message).join('\n')} aria-hidden="true">
            {problems}
          </span>
        )}
        {!renaming && (
          <span className="tree-tools">
            {node.childList && requestsOnly && (
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Add a request to ${name}`}
                title="Add a request"
                onClick={(e) => {
                  e.stopPropagation();
                  t.actions.addStep(node, 'request');
                }}
              >
                +
              </button>
            )}
            {node.childList && !requestsOnly && (
              <button
                type="button"
                tabIndex={-1}
                aria-haspopup="menu"
                aria-label={`Add to ${name}`}
                title="Add a step"
                onClick={menuAt('add')}
              >
                +
              </button>
            )}
            {node.place && (
              <button
                type="button"
                tabIndex={-1}
                aria-haspopup="menu"
                aria-label={`Actions for ${name}`}
                title="Actions"
                onClick={menuAt('actions')}
              >
                ⋯
              </button>
            )}
          </span>
        )}
      </div>
      {expanded && (
        <ul role="group">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
