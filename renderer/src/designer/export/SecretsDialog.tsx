/**
 * Exporting with secrets is a deliberate act: this dialog names the format and says what the file will hold;
 * only "Export with secrets" writes tokens, passwords and keys in clear.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { choiceKey, type ExportChoice, type ExportMenuEntry } from './choices.ts';

interface Props {
  entries: readonly ExportMenuEntry[];
  onConfirm: (choice: ExportChoice) => void;
  onCancel: () => void;
}

/** Dialog "Export with secrets?": combobox "Format", buttons "Cancel" and "Export with secrets". */
export function SecretsDialog({ entries, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [key, setKey] = useState(choiceKey(entries[0]?.choice ?? { format: 'yaml' }));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const chosen = entries.find((e) => choiceKey(e.choice) === key)?.choice;
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
      <h2 id={`${id}-title`}>Export with secrets?</h2>
      <p>
        The file will hold the plan's tokens, passwords, API keys and credential headers <strong>in clear</strong>,
        instead of <code>{'${env.NAME}'}</code> references. Keep it out of git and share it only where you would share
        those secrets.
      </p>
      <div className="field">
        <label htmlFor={`${id}-format`}>Format</label>
        <select id={`${id}-format`} value={key} onChange={(e) => setKey(e.target.value)}>
          {entries.map((e) => (
            <option key={choiceKey(e.choice)} value={choiceKey(e.choice)}>
              {e.label}
            </option>
          ))}
        </select>
      </div>
      <div className="actions">
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          disabled={!chosen}
          onClick={() => chosen && onConfirm({ ...chosen, includeSecrets: true })}
        >
          Export with secrets
        </button>
      </div>
    </dialog>
  );
}
