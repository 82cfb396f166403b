/**
 * Adds a data feeder: attach a local file (stored by the back end under files/, the plan gets the path), or pick a
 * file attached earlier. The new feeder is named after the file and previewed at once.
 */
import { useId, useState } from 'react';
import { keysOf, planOf } from '../../core/doc/index.ts';
import { AttachFile } from '../../files/AttachFile.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { feederNameFor, newFeeder } from './feeders.ts';

export interface StoredFile {
  path: string;
  size: number;
  modified: string;
}

export function AddDataFile({ stored, onStored }: { stored: readonly StoredFile[]; onStored(): void }) {
  const d = useDesigner();
  const id = useId();
  const [done, setDone] = useState('');
  const [pick, setPick] = useState('');
  const existing = keysOf(planOf(d.doc).data);

  const add = (path: string): void => {
    const name = feederNameFor(path, existing);
    d.set(['data', name], newFeeder(path));
    setDone(`Added data file ${name} (${path}).`);
  };

  return (
    <section className="add-data-file" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add data file</h3>
      <AttachFile
        kind="data"
        label="Upload a CSV or JSON file"
        onAttached={(path) => {
          add(path);
          onStored();
        }}
      />
      {stored.length > 0 && (
        <div className="inline-form">
          <label htmlFor={`${id}-pick`}>Or use an attached file</label>
          <select id={`${id}-pick`} value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Choose…</option>
            {stored.map((f) => (
              <option key={f.path} value={f.path}>
                {f.path} ({Math.max(1, Math.round(f.size / 1024))} kB)
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={pick === ''}
            onClick={() => {
              add(pick);
              setPick('');
            }}
          >
            Add stored file
          </button>
        </div>
      )}
      <p role="status" className="hint">
        {done}
      </p>
    </section>
  );
}
