/** The request body: none, JSON, form fields, text or a file. Choosing a kind replaces the body in one undoable edit. */
import { CodeEditor } from '../../code/CodeEditor.tsx';
import type { Path } from '../../core/doc-path.ts';
import { requestAt } from '../../core/doc/index.ts';
import { KeyValueTable } from '../../fields/KeyValueTable.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { BODY_KINDS, bodyKind, switchBody, type BodyKind } from './body.ts';
import { FileBodyEditor } from './FileBodyEditor.tsx';
import { JsonBodyEditor } from './JsonBodyEditor.tsx';

const LABELS: Record<BodyKind, string> = { none: 'None', json: 'JSON', form: 'Form', text: 'Text', file: 'File' };

export function BodyEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const req = requestAt(d.doc, requestPath);
  const kind = bodyKind(req);
  const id = fieldId(requestPath, '-body');
  const choose = (k: BodyKind): void => d.set(requestPath, switchBody(req ?? {}, k));
  return (
    <div className="req-body">
      <fieldset className="req-segmented">
        <legend>Body type</legend>
        {BODY_KINDS.map((k) => (
          <label key={k} className={k === kind ? 'on' : undefined}>
            <input type="radio" name={`${id}-kind`} value={k} checked={k === kind} onChange={() => choose(k)} />
            {LABELS[k]}
          </label>
        ))}
      </fieldset>
      {kind === 'none' && <p className="muted">No body is sent.</p>}
      {kind === 'json' && <JsonBodyEditor path={[...requestPath, 'json']} />}
      {kind === 'form' && (
        <>
          <p className="hint">
            Sent as application/x-www-form-urlencoded. Values may contain ${'{'}…{'}'}.
          </p>
          <KeyValueTable path={[...requestPath, 'form']} label="Form fields" keyLabel="Field" />
        </>
      )}
      {kind === 'text' && (
        <CodeEditor
          label="Text body"
          language="plaintext"
          height={220}
          value={String(req?.text ?? '')}
          onChange={(v) => d.set([...requestPath, 'text'], v)}
        />
      )}
      {kind === 'file' && <FileBodyEditor path={[...requestPath, 'file']} />}
    </div>
  );
}
