/**
 * The checks of a request: add one of each kind, reorder, remove; each previewed against the last Try. Also the
 * checks of a WebSocket session's handshake and of a message it receives (`requestPath` is then that object's
 * path, and `kinds` the kinds that apply there).
 */
import type { Check, Request } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, listOf, objectOf } from '../../core/doc/index.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { keyOrderAt, withKey } from '../../core/key-order.ts';
import { useLastTry } from '../../try/TryProvider.tsx';
import { TrySummary } from '../preview/TrySummary.tsx';
import { CHECK_KINDS, type CheckKind } from './model.ts';
import { CheckItem } from './CheckItem.tsx';

export function ChecksEditor({
  requestPath,
  kinds,
  hint = 'Checks never fail the request; they feed the checks metric (use a threshold such as checks: rate>0.99).',
}: {
  requestPath: Path;
  kinds?: readonly CheckKind[];
  hint?: string;
}) {
  const d = useDesigner();
  const listPath = [...requestPath, 'checks'];
  const req = objectOf(draftAt<Request>(d.doc, requestPath));
  const checks = listOf(req?.checks);
  // Try it previews a request's checks and extractions; a session's results are in its exchange instead.
  const isRequest = requestPath[requestPath.length - 1] === 'request';
  const last = useLastTry(requestPath);
  const entry = last?.entry;
  const tried = last?.request;
  const add = (create: () => Check): void => {
    // The first check creates `checks` where the plan reference lists it, not after tags.
    if (!Array.isArray(req?.checks) && req)
      d.set(requestPath, withKey(req, 'checks', [create()], keyOrderAt(requestPath)));
    else d.edit({ kind: 'insert', path: listPath, index: checks.length, value: create() });
  };
  return (
    <div className="req-checks">
      <p className="hint">{hint}</p>
      {isRequest && <TrySummary entry={entry} what="checks" />}
      {checks.length === 0 && <p className="muted">No checks yet.</p>}
      {checks.map((_, i) => (
        <CheckItem key={i} listPath={listPath} index={i} count={checks.length} entry={entry} tried={tried} />
      ))}
      <div className="req-add" role="group" aria-label="Add a check">
        {CHECK_KINDS.filter((k) => !kinds || kinds.includes(k.kind)).map((k) => (
          <button key={k.kind} type="button" onClick={() => add(k.create)}>{`Add ${k.noun} check`}</button>
        ))}
      </div>
    </div>
  );
}
