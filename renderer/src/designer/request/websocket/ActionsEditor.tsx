/** A session's actions, in the order they run: each a card to edit, move or remove, and a button to add each kind. */
import type { Path } from '../../core/doc-path.ts';
import { listOf } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ActionItem } from './ActionItem.tsx';
import { ACTION_KINDS } from './actions.ts';

export function ActionsEditor({ sessionPath }: { sessionPath: Path }) {
  const d = useDesigner();
  const listPath = [...sessionPath, 'actions'];
  const actions = listOf(d.get(listPath));
  return (
    <div className="ws-actions">
      <p className="hint">
        The session connects, then runs these in order; it ends at a close, after the last action, or at its timeout.
        Messages that arrive wait for the next receive.
      </p>
      <FieldIssues id={`${fieldId(listPath)}-issues`} issues={issuesAt(d.issues, listPath)} />
      <ol className="ws-action-list" aria-label="Actions">
        {actions.map((_, i) => (
          <li key={i}>
            <ActionItem listPath={listPath} index={i} count={actions.length} />
          </li>
        ))}
      </ol>
      <div className="req-add" role="group" aria-label="Add an action">
        {ACTION_KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            onClick={() => d.edit({ kind: 'insert', path: listPath, index: actions.length, value: k.create() })}
          >
            {`Add ${k.label.toLowerCase()}`}
          </button>
        ))}
      </div>
    </div>
  );
}
