/** What a gRPC step extracts into variables: from the message by JSON path, from metadata or a trailer. */
import type { GrpcExtractor } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, grpcAt, keysOf, objectOf } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { useLastTry } from '../../try/TryProvider.tsx';
import { uniqueName } from '../extract/model.ts';
import { VariableNameInput } from '../extract/VariableNameInput.tsx';
import { ExtractResult } from '../preview/PreviewResult.tsx';
import { GRPC_EXTRACT_KINDS, grpcExtractKind, grpcExtractPreview } from './grpc-checks.ts';

export function GrpcExtract({ grpcPath, stepPath }: { grpcPath: Path; stepPath: Path }) {
  const d = useDesigner();
  const path = [...grpcPath, 'extract'];
  const names = keysOf(grpcAt(d.doc, grpcPath)?.extract);
  const entry = useLastTry(stepPath)?.entry;
  const add = (): void => {
    const extract = { ...objectOf(grpcAt(d.doc, grpcPath)?.extract), [uniqueName(names)]: { jsonPath: '$.id' } };
    d.set(path, extract);
  };
  return (
    <div className="req-extract">
      <p className="hint">
        Extracted values become this VU&apos;s variables, used later as ${'{'}name{'}'}. A stream&apos;s message is the
        list of its responses ($[0].id).
      </p>
      {names.length === 0 && <p className="muted">Nothing is extracted yet.</p>}
      {names.map((name, i) => {
        const at = [...path, name];
        const x = draftAt<GrpcExtractor>(d.doc, at);
        const kind = grpcExtractKind(x) ?? 'jsonPath';
        const id = fieldId(at);
        return (
          <fieldset key={i} className="req-card">
            <legend>{`Extraction ${i + 1}`}</legend>
            <VariableNameInput extractPath={path} name={name} taken={names} id={`${id}-name`} label="Variable" />
            <div className="field">
              <label htmlFor={`${id}-from`}>From</label>
              <select
                id={`${id}-from`}
                value={kind}
                onChange={(e) => d.set(at, GRPC_EXTRACT_KINDS.find((k) => k.kind === e.target.value)?.create())}
              >
                {GRPC_EXTRACT_KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              path={[...at, kind]}
              label={kind === 'jsonPath' ? 'JSON path' : 'Key'}
              keepEmpty
              className="req-subject"
            />
            <button type="button" className="ghost" onClick={() => d.set(at, undefined)}>
              Remove extraction {i + 1}
            </button>
            <FieldIssues id={`${id}-issues`} issues={issuesAt(d.issues, at)} />
            <ExtractResult id={`${id}-result`} preview={grpcExtractPreview(entry, name)} />
          </fieldset>
        );
      })}
      <button type="button" onClick={add}>
        Add extraction
      </button>
    </div>
  );
}
