/** The listbox of completions under a template field (ARIA combobox pattern: focus stays in the input). */
import type { Completion } from './completions.ts';

export interface CompletionListProps {
  id: string;
  label: string;
  items: readonly Completion[];
  active: number;
  onPick(index: number): void;
}

/** DOM id of the option at `index`, for aria-activedescendant. */
export const optionId = (listId: string, index: number): string => `${listId}-${index}`;

export function CompletionList({ id, label, items, active, onPick }: CompletionListProps) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="tpl-completions">
      {items.map((c, i) => (
        <li
          key={c.label}
          id={optionId(id, i)}
          role="option"
          aria-selected={i === active}
          className={`tpl-option tpl-kind-${c.kind}`}
          // mousedown, not click: the input must keep focus (blur would close the list first).
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(i);
          }}
        >
          <span className="mono">{c.kind === 'function' ? `${c.label}(${c.params ?? ''})` : c.label}</span>
          {c.detail && (
            <span className="tpl-detail">{c.kind === 'function' ? c.detail.replace(/^[^—]*— /, '') : c.detail}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
