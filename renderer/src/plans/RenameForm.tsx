/** Inline rename inside a plan row: Enter or "Save" renames, Escape or "Cancel" gives up. */
import { useState, type FormEvent } from 'react';

interface Props {
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Textbox "New name" with buttons "Save" and "Cancel". `onSave` resolves false to stay in edit mode. */
export function RenameForm({ initial, onSave, onCancel }: Props) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed === initial) { onCancel(); return; }
    setBusy(true);
    const done = await onSave(trimmed);
    if (!done) setBusy(false);
  };
  return (
    <form className="inline-form" onSubmit={submit} onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onCancel(); } }}>
      <input aria-label="New name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus required onFocus={(e) => e.target.select()} />
      <button type="submit" className="primary" disabled={busy}>Save</button>
      <button type="button" onClick={onCancel}>Cancel</button>
    </form>
  );
}
