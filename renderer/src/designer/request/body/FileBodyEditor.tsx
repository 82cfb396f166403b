/**
 * A file body: its path and an optional content type. In the app the file is one the user attached (files/NAME) or
 * one in a granted folder (absolute path); the CLI reads paths relative to the plan file.
 */
import type { Request } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt } from '../../core/doc/index.ts';
import { issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { AttachFile } from '../../files/AttachFile.tsx';
import { fileBody, fileParts } from './body.ts';

const CONTENT_TYPES = [
  'application/octet-stream',
  'application/json',
  'application/xml',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'text/plain',
];

export function FileBodyEditor({ path }: { path: Path }) {
  const d = useDesigner();
  const value = draftAt<Request['file']>(d.doc, path);
  const { path: file, contentType } = fileParts(value);
  // Typing into a field of an object body writes that string field, so undo takes back words, not keystrokes.
  const write = (nextPath: string, nextType: string): void => {
    const isObject = typeof value === 'object' && value !== null;
    if (isObject && nextType.trim() !== '' && nextType === contentType) d.set([...path, 'path'], nextPath);
    else if (isObject && nextType.trim() !== '' && nextPath === file) d.set([...path, 'contentType'], nextType.trim());
    else d.set(path, fileBody(nextPath, nextType));
  };
  const id = fieldId(path);
  const issues = issuesUnder(d.issues, path);
  return (
    <div className="req-row">
      <div className="field">
        <label htmlFor={`${id}-path`}>File path</label>
        <input
          id={`${id}-path`}
          type="text"
          className="mono"
          value={file}
          placeholder="data/upload.bin"
          spellCheck={false}
          aria-invalid={issues.length > 0}
          aria-describedby={issues.length ? `${id}-issues` : `${id}-hint`}
          onChange={(e) => write(e.target.value, contentType)}
        />
        <small id={`${id}-hint`} className="field-hint">
          Sent as the body as it is. Attach the file, or give an absolute path in a folder granted in Plan settings →
          Data files (the CLI reads paths relative to the plan file).
        </small>
        <FieldIssues id={`${id}-issues`} issues={issues} />
      </div>
      <AttachFile kind="body" label="Attach a file" onAttached={(p) => write(p, contentType)} />
      <div className="field">
        <label htmlFor={`${id}-type`}>Content type</label>
        <input
          id={`${id}-type`}
          type="text"
          value={contentType}
          list={`${id}-types`}
          placeholder="from the file name"
          onChange={(e) => write(file, e.target.value)}
        />
        <datalist id={`${id}-types`}>
          {CONTENT_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
    </div>
  );
}
