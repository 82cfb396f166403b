/**
 * Adds a data feeder: upload a local file (stored by the back end under files/, the plan gets the relative path),
 * or pick a file stored earlier. The new feeder is named after the file and previewed at once.
 */
import { useId, useRef, useState } from 'react';
import { useClient } from '../../../api.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { feederNameFor, newFeeder } from './feeders.ts';
import { ACCEPTED, readBase64, uploadProblem } from './upload.ts';

export interface StoredFile { path: string; size: number; modified: string }

export function AddDataFile({ stored, onStored }: { stored: readonly StoredFile[]; onStored(): void }) {
  const d = useDesigner();
  const client = useClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState('');
  const [pick, setPick] = useState('');
  const existing = Object.keys((d.get(['data']) as Record<string, unknown> | undefined) ?? {});

  const add = (path: string): void => {
    const name = feederNameFor(path, existing);
    d.set(['data', name], newFeeder(path));
    setDone(`Added data file ${name} (${path}).`);
  };

  const upload = async (file: File): Promise<void> => {
    setError(null);
    setDone('');
    const problem = uploadProblem(file);
    if (problem) { setError(new Error(problem)); return; }
    setBusy(`Uploading ${file.name}…`);
    try {
      const r = await client.call('files.upload', { name: file.name, contentBase64: await readBase64(file) });
      add(r.path);
      onStored();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="add-data-file" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add data file</h3>
      <div className="field">
        <label htmlFor={`${id}-file`}>Upload a CSV or JSON file</label>
        <input ref={input} id={`${id}-file`} type="file" accept={ACCEPTED} disabled={busy !== null}
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); }} />
        <small className="field-hint">Stored in the app's data folder (up to 50 MB); the plan refers to it as files/NAME.</small>
      </div>
      {stored.length > 0 && (
        <div className="inline-form">
          <label htmlFor={`${id}-pick`}>Or use a stored file</label>
          <select id={`${id}-pick`} value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Choose…</option>
            {stored.map((f) => <option key={f.path} value={f.path}>{f.path} ({Math.max(1, Math.round(f.size / 1024))} kB)</option>)}
          </select>
          <button type="button" disabled={pick === ''} onClick={() => { add(pick); setPick(''); }}>Add stored file</button>
        </div>
      )}
      <p role="status" className="hint">{busy ?? done}</p>
      {error !== null && <ErrorNotice title="Could not add the data file" error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
