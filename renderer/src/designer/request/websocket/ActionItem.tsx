/** One action of a session as a card: its kind and gist, move and remove buttons, and its kind's small editor. */
import type { WebSocketAction } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ListItemTools } from '../ListItemTools.tsx';
import { actionKind, actionTitle } from './actions.ts';
import { CloseForm, PauseForm, PingForm } from './SmallActions.tsx';
import { ReceiveEditor } from './ReceiveEditor.tsx';
import { SendEditor } from './SendEditor.tsx';

export interface ActionItemProps {
  listPath: Path;
  index: number;
  count: number;
}

export function ActionItem({ listPath, index, count }: ActionItemProps) {
  const d = useDesigner();
  const path = [...listPath, index];
  const action = draftAt<WebSocketAction>(d.doc, path);
  const kind = actionKind(action);
  const n = index + 1;
  const title = actionTitle(action, index);
  return (
    <fieldset className={`req-card ws-action ws-action-${kind ?? 'unknown'}`}>
      <legend>{`Action ${n}: ${title}`}</legend>
      <div className="req-card-head">
        <span className="ws-action-kind">{kind ?? '?'}</span>
        {/* A session needs one action at least (the schema's min 1): the last one stays. */}
        <ListItemTools listPath={listPath} index={index} count={count} what={`action ${n}`} keepLast />
      </div>
      {kind === 'send' && <SendEditor sendPath={[...path, 'send']} n={n} />}
      {kind === 'receive' && <ReceiveEditor receivePath={[...path, 'receive']} index={index} />}
      {kind === 'ping' && <PingForm path={[...path, 'ping']} n={n} />}
      {kind === 'pause' && <PauseForm path={[...path, 'pause']} n={n} />}
      {kind === 'close' && <CloseForm path={[...path, 'close']} n={n} />}
      {kind === undefined && <p className="muted">This action is not one the editor knows; fix it in the code view.</p>}
      <FieldIssues id={`${fieldId(path)}-issues`} issues={issuesAt(d.issues, path)} />
    </fieldset>
  );
}
