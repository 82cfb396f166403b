/**
 * "Export HAR": all entries or the selected ones; secrets (Authorization, cookies, tokens, passwords) are redacted
 * unless "Include secrets" is ticked, which says what that means and changes the button to "Export with secrets".
 */
import { useId, useState } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { useModal } from './useModal.ts';
import type { HarExportChoice } from './useRecordingActions.tsx';

interface Props {
  recording: Recording;
  /** Selected entries (none: the choice is all entries). */
  selected: readonly number[];
  onExport: (choice: HarExportChoice) => void;
  onCancel: () => void;
}

/** Dialog "Export HAR": radios "All N entries" / "The N selected entries", checkbox "Include secrets in clear". */
export function ExportHarDialog({ recording, selected, onExport, onCancel }: Props) {
  const ref = useModal();
  const id = useId();
  const [onlySelected, setOnlySelected] = useState(selected.length > 0);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Export HAR</h2>
      <p>
        A HAR 1.2 file of <strong>{recording.name}</strong>, for browsers' developer tools and other tools.
      </p>
      {selected.length > 0 && (
        <fieldset className="format-choice">
          <legend className="visually-hidden">Entries</legend>
          <label className="choice">
            <input type="radio" name={`${id}-scope`} checked={!onlySelected} onChange={() => setOnlySelected(false)} />{' '}
            All {recording.entryCount} entries
          </label>
          <label className="choice">
            <input type="radio" name={`${id}-scope`} checked={onlySelected} onChange={() => setOnlySelected(true)} />{' '}
            The {selected.length} selected entries
          </label>
        </fieldset>
      )}
      <label className="choice">
        <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
        Include secrets in clear
      </label>
      {includeSecrets ? (
        <p className="notice notice-error" role="note">
          The file will hold passwords, session cookies, Authorization headers and tokens <strong>in clear</strong>.
          Anyone with it can act as the recorded user until those sessions expire: share it only where you would share
          the credentials.
        </p>
      ) : (
        <p className="hint">
          Passwords, cookies, Authorization headers and tokens are replaced by <code>REDACTED</code>.
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className={includeSecrets ? 'danger' : 'primary'}
          onClick={() =>
            onExport({ includeSecrets, ...(onlySelected && selected.length > 0 ? { entryIds: [...selected] } : {}) })
          }
        >
          {includeSecrets ? 'Export with secrets' : 'Export'}
        </button>
      </div>
    </dialog>
  );
}
