/** A gRPC step's checks: status code, message JSON path, metadata, trailer, duration; each with its last Try result. */
import { GRPC_CODES, type GrpcCheck } from 'loadsmith/plan';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, grpcAt, listOf } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { useLastTry } from '../../try/TryProvider.tsx';
import { OpRows } from '../checks/OpRows.tsx';
import { ListItemTools } from '../ListItemTools.tsx';
import { CheckResult } from '../preview/PreviewResult.tsx';
import { GRPC_CHECK_KINDS, grpcCheckKind, grpcCheckPreview } from './grpc-checks.ts';

export function GrpcChecks({ grpcPath, stepPath }: { grpcPath: Path; stepPath: Path }) {
  const d = useDesigner();
  const listPath = [...grpcPath, 'checks'];
  const checks = listOf(grpcAt(d.doc, grpcPath)?.checks);
  const entry = useLastTry(stepPath)?.entry;
  const add = (create: () => GrpcCheck): void => {
    if (checks.length === 0) d.set(listPath, [create()]);
    else d.edit({ kind: 'insert', path: listPath, index: checks.length, value: create() });
  };
  return (
    <div className="req-checks">
      <p className="hint">
        Checks never fail the call; they feed the checks metric (use a threshold such as checks: rate&gt;0.99).
      </p>
      {checks.length === 0 && <p className="muted">No checks yet.</p>}
      {checks.map((_, i) => (
        <GrpcCheckItem key={i} listPath={listPath} index={i} count={checks.length} entry={entry} />
      ))}
      <div className="req-add" role="group" aria-label="Add a check">
        {GRPC_CHECK_KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            onClick={() => add(k.create)}
          >{`Add ${k.label.toLowerCase()} check`}</button>
        ))}
      </div>
    </div>
  );
}

function GrpcCheckItem(props: { listPath: Path; index: number; count: number; entry: TraceEntry | undefined }) {
  const { listPath, index, count, entry } = props;
  const d = useDesigner();
  const path = [...listPath, index];
  const check = draftAt<GrpcCheck>(d.doc, path);
  const kind = grpcCheckKind(check);
  const id = fieldId(path);
  const n = index + 1;
  const code = d.get([...path, 'code']);
  return (
    <fieldset className="req-card" aria-describedby={`${id}-result`}>
      <legend>{`Check ${n}: ${GRPC_CHECK_KINDS.find((k) => k.kind === kind)?.label ?? 'Unknown'}`}</legend>
      <div className="req-card-head">
        <span />
        <ListItemTools listPath={listPath} index={index} count={count} what={`check ${n}`} />
      </div>
      {kind === 'code' &&
        (typeof code === 'string' || typeof code === 'number' ? (
          <div className="field">
            <label htmlFor={`${id}-code`}>Expected status</label>
            <select
              id={`${id}-code`}
              value={typeof code === 'number' ? (GRPC_CODES[code] ?? 'OK') : code}
              onChange={(e) => d.set([...path, 'code'], e.target.value)}
            >
              {GRPC_CODES.map((c, i) => (
                <option key={c} value={c}>{`${i} ${c}`}</option>
              ))}
            </select>
          </div>
        ) : (
          <p className="hint">Any of {listOf(code).map(String).join(', ')} (edit the list in the code view).</p>
        ))}
      {kind === 'jsonPath' && (
        <>
          <TextField
            path={[...path, 'jsonPath']}
            label="JSON path"
            keepEmpty
            placeholder="$.id"
            className="req-subject"
          />
          <OpRows checkPath={path} kind="jsonPath" />
        </>
      )}
      {(kind === 'metadata' || kind === 'trailer') && (
        <>
          <TextField
            path={[...path, kind]}
            label={kind === 'metadata' ? 'Metadata key' : 'Trailer key'}
            keepEmpty
            className="req-subject"
          />
          <OpRows checkPath={path} kind="header" />
        </>
      )}
      {kind === 'duration' && <OpRows checkPath={path} kind="duration" />}
      {kind === undefined && <p className="muted">This check is not one the editor knows; fix it in the code view.</p>}
      <TextField
        path={[...path, 'name']}
        label="Name"
        placeholder="derived from the check"
        className="req-check-name"
      />
      <FieldIssues id={`${id}-issues`} issues={issuesAt(d.issues, path)} />
      <CheckResult id={`${id}-result`} preview={grpcCheckPreview(entry, index)} />
    </fieldset>
  );
}
