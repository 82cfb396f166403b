/** The stored recordings: one row each with its source, time, size and state, and its actions. */
import { useState } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { fmtCount } from '../format/numbers.ts';
import { RenameForm } from '../plans/RenameForm.tsx';
import { hrefFor } from '../routing/route.ts';
import { Time } from '../ui/Time.tsx';
import { RecordingStatus } from './RecordingStatus.tsx';

interface Props {
  recordings: readonly Recording[];
  onRename: (r: Recording, name: string) => Promise<boolean>;
  onExport: (r: Recording) => void;
  onDelete: (r: Recording) => void;
}

/** Table "Recordings"; each row is named by its recording and has "Rename", "Export HAR…", "Delete". */
export function RecordingsTable({ recordings, onRename, onExport, onDelete }: Props) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Recordings">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Source</th>
            <th scope="col">Started</th>
            <th scope="col" className="num">
              Entries
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {recordings.map((r) => (
            <RecordingRow key={r.id} recording={r} onRename={onRename} onExport={onExport} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordingRow({
  recording: r,
  onRename,
  onExport,
  onDelete,
}: { recording: Recording } & Omit<Props, 'recordings'>) {
  const [renaming, setRenaming] = useState(false);
  return (
    <tr>
      <th scope="row" className="name-cell">
        {renaming ? (
          <RenameForm
            initial={r.name}
            onCancel={() => setRenaming(false)}
            onSave={async (name) => {
              const ok = await onRename(r, name);
              if (ok) setRenaming(false);
              return ok;
            }}
          />
        ) : (
          <a href={hrefFor({ page: 'recording', id: r.id })}>{r.name}</a>
        )}
      </th>
      <td>{r.source === 'har' ? <>HAR file {r.options.fileName && <code>{r.options.fileName}</code>}</> : 'Proxy'}</td>
      <td>
        <Time iso={r.startedAt} compact />
      </td>
      <td className="num">{fmtCount(r.entryCount)}</td>
      <td>
        <RecordingStatus recording={r} />
      </td>
      <td className="row-actions">
        <button type="button" onClick={() => setRenaming(true)} disabled={renaming}>
          Rename
        </button>
        <button type="button" onClick={() => onExport(r)} disabled={r.entryCount === 0}>
          Export HAR…
        </button>
        <button type="button" className="danger" onClick={() => onDelete(r)}>
          Delete
        </button>
      </td>
    </tr>
  );
}
