/**
 * "Attach a file": uploads a local file into the app (files.upload) and hands back the path a plan uses for it
 * (`files/NAME`). Plans run from the app read only attached files and granted folders.
 */
import { useId, useRef, useState } from 'react';
import { useClient } from '../../api.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ACCEPTED, readBase64, uploadProblem } from './upload.ts';

export function AttachFile({
  kind,
  label,
  onAttached,
}: {
  kind: 'data' | 'body';
  label: string;
  onAttached(path: string): void;
}) {
  const client = useClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState<unknown>(null);

  const attach = async (file: File): Promise<void> => {
    setError(null);
    setDone('');
    const problem = uploadProblem(file, kind);
    if (problem) {
      setError(new Error(problem));
      return;
    }
    setBusy(`Attaching ${file.name}…`);
    try {
      const r = await client.call('files.upload', { name: file.name, contentBase64: await readBase64(file), kind });
      onAttached(r.path);
      setDone(`Attached ${file.name} as ${r.path}.`);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="field attach-file">
      <label htmlFor={`${id}-file`}>{label}</label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={kind === 'data' ? ACCEPTED : undefined}
        disabled={busy !== null}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void attach(f);
        }}
      />
      <small className="field-hint">Stored in the app (up to 50 MB); the plan names it files/NAME.</small>
      <p role="status" className="hint">
        {busy ?? done}
      </p>
      {error !== null && (
        <ErrorNotice title="Could not attach the file" error={error} onDismiss={() => setError(null)} />
      )}
    </div>
  );
}
