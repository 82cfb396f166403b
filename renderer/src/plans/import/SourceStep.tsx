/**
 * The import dialog's first step: drop a file, choose one (native dialog on the desktop), or paste text such as a
 * cURL command copied from the browser's developer tools.
 */
import { useId, useRef, useState } from 'react';
import { useCapabilities, useClient } from '../../api.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { DropZone } from '../DropZone.tsx';
import { PASTED } from './formats.ts';
import { readImportFiles, type ImportText } from './source.ts';

interface Props {
  paste: string;
  onPaste: (text: string) => void;
  onSource: (source: ImportText) => void;
  onCancel: () => void;
}

/** Button "Choose file…" (file input "File to import"), textbox "Or paste", buttons "Cancel" and "Preview". */
export function SourceStep({ paste, onPaste, onSource, onCancel }: Props) {
  const id = useId();
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<unknown>();

  const fromFiles = async (files: readonly File[]) => {
    setError(undefined);
    const { sources, problems } = await readImportFiles(files);
    const [first, ...more] = sources;
    const messages = [...problems.map((p) => p.message), ...more.map((s) => `${s.fileName} was not read: import one file at a time (a Postman environment may go with its collection).`)];
    if (messages.length > 0) setError(new Error(messages.join('\n')));
    if (first) onSource(first);
  };
  const choose = async () => {
    if (!nativeDialogs) { input.current?.click(); return; }
    try {
      const picked = await client.call('dialogs.openPlanFile', {});
      if (picked) onSource(picked);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <DropZone onFiles={(files) => void fromFiles(files)} label="Drop the file to import it">
      <div className="import-source">
        <div className="import-drop">
          <p>Drop a file here, or <button type="button" onClick={() => void choose()}>Choose file…</button></p>
          <p className="hint">A cURL command, a HAR recording, a Postman collection (with its environment file), an OpenAPI or Swagger document, Vegeta targets, a JMeter test plan (.jmx), or a Loadsmith plan.</p>
          <input ref={input} type="file" className="visually-hidden" tabIndex={-1} aria-label="File to import" multiple
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = ''; // the same file may be chosen again
              void fromFiles(files);
            }} />
        </div>
        <form onSubmit={(e) => { e.preventDefault(); if (paste.trim()) onSource({ text: paste, fileName: PASTED }); }}>
          <div className="field import-paste">
            <label htmlFor={`${id}-paste`}>Or paste</label>
            <textarea id={`${id}-paste`} rows={8} spellCheck={false} value={paste} onChange={(e) => onPaste(e.target.value)}
              placeholder={"curl https://api.example.com/users -H 'Authorization: Bearer …'"}
              onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit(); }} />
          </div>
          {error !== undefined && <ErrorNotice title="Some files were not read" error={error} />}
          <div className="actions">
            <button type="button" onClick={onCancel}>Cancel</button>
            <button type="submit" className="primary" disabled={paste.trim() === ''} title="Ctrl+Enter">Preview</button>
          </div>
        </form>
      </div>
    </DropZone>
  );
}
