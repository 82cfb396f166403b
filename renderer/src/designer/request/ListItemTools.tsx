/** Move up / move down / remove buttons for one item of an ordered list (checks, batch requests). */
import type { Path } from '../core/doc-path.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export interface ListItemToolsProps {
  /** The array holding the item. */
  listPath: Path;
  index: number;
  count: number;
  /** How the item is named in button labels, e.g. "check 2". */
  what: string;
  /** Lists that may not become empty (a batch) keep their last item. */
  keepLast?: boolean;
}

export function ListItemTools({ listPath, index, count, what, keepLast }: ListItemToolsProps) {
  const d = useDesigner();
  const move = (to: number): void => d.edit({ kind: 'move', path: listPath, from: index, to });
  return (
    <span className="req-item-tools">
      <button
        type="button"
        className="ghost"
        aria-label={`Move ${what} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => move(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="ghost"
        aria-label={`Move ${what} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => move(index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="ghost danger"
        aria-label={`Remove ${what}`}
        title="Remove"
        disabled={keepLast && count <= 1}
        onClick={() => d.edit({ kind: 'delete', path: [...listPath, index] })}
      >
        ✕
      </button>
    </span>
  );
}
