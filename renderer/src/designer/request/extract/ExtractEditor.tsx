/** The extractions of a request (variable -> extractor): add, rename, remove; previewed against the last Try. */
import type { Path } from '../../core/doc-path.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { withKey } from '../body/body.ts';
import { useLastTry } from '../last-response.ts';
import { triedRequest } from '../preview/preview.ts';
import { TrySummary } from '../preview/TrySummary.tsx';
import { ExtractItem } from './ExtractItem.tsx';
import { EXTRACT_KINDS, uniqueName } from './model.ts';

type Rec = Record<string, unknown>;

export function ExtractEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const path = [...requestPath, 'extract'];
  const raw = d.get(path);
  const names = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
  const entry = useLastTry(requestPath);
  const tried = triedRequest(entry, d.get(requestPath));
  const add = (): void => {
    const req = (d.get(requestPath) ?? {}) as Rec;
    const extract = { ...((req.extract ?? {}) as Rec), [uniqueName(names)]: EXTRACT_KINDS[0]?.create() };
    d.set(requestPath, withKey(req, 'extract', extract));
  };
  return (
    <div className="req-extract">
      <p className="hint">Extracted values become this VU's variables, used later as ${'{'}name{'}'}; a failed extraction leaves the variable unset unless it has a default.</p>
      <TrySummary entry={entry} what="extractions" />
      {names.length === 0 && <p className="muted">Nothing is extracted yet.</p>}
      {names.map((name, i) => <ExtractItem key={i} extractPath={path} name={name} index={i} names={names} entry={entry} tried={tried} />)}
      <FieldIssues id={`${fieldId(path)}-issues`} issues={issuesAt(d.issues, path)} />
      <button type="button" onClick={add}>Add extraction</button>
    </div>
  );
}
