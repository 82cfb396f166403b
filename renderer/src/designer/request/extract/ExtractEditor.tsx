/**
 * The extractions of a request (variable -> extractor): add, rename, remove; previewed against the last Try. Also
 * those of a message a WebSocket session receives (`requestPath` is then the receive's path, and `kinds` the
 * sources a message has).
 */
import type { Request } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, keysOf, objectOf } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { keyOrderAt, withKey } from '../../core/key-order.ts';
import { useLastTry } from '../../try/TryProvider.tsx';
import { TrySummary } from '../preview/TrySummary.tsx';
import { ExtractItem } from './ExtractItem.tsx';
import { EXTRACT_KINDS, uniqueName, type ExtractKind } from './model.ts';

export function ExtractEditor({ requestPath, kinds }: { requestPath: Path; kinds?: readonly ExtractKind[] }) {
  const d = useDesigner();
  const path = [...requestPath, 'extract'];
  const req = objectOf(draftAt<Request>(d.doc, requestPath));
  const names = keysOf(req?.extract);
  // Try it previews a request's checks and extractions; a session's results are in its exchange instead.
  const isRequest = requestPath[requestPath.length - 1] === 'request';
  const last = useLastTry(requestPath);
  const entry = last?.entry;
  const tried = last?.request;
  const add = (): void => {
    const request = req ?? {};
    const extract = { ...objectOf(request.extract), [uniqueName(names)]: EXTRACT_KINDS[0]?.create() };
    d.set(requestPath, withKey(request, 'extract', extract, keyOrderAt(requestPath)));
  };
  return (
    <div className="req-extract">
      <p className="hint">
        Extracted values become this VU's variables, used later as ${'{'}name{'}'}; a failed extraction leaves the
        variable unset unless it has a default.
      </p>
      {isRequest && <TrySummary entry={entry} what="extractions" />}
      {names.length === 0 && <p className="muted">Nothing is extracted yet.</p>}
      {names.map((name, i) => (
        <ExtractItem
          key={i}
          extractPath={path}
          name={name}
          index={i}
          names={names}
          entry={entry}
          tried={tried}
          {...(kinds ? { kinds } : {})}
        />
      ))}
      <FieldIssues id={`${fieldId(path)}-issues`} issues={issuesAt(d.issues, path)} />
      <button type="button" onClick={add}>
        Add extraction
      </button>
    </div>
  );
}
