/** Creating a plan: a name and a starting template (blank, or the demo plan against the built-in demo server). */
import { useId, useState, type FormEvent } from 'react';
import type { PlanRecord } from '../../../app/contract/plans.ts';
import { useClient } from '../api.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';

interface Props {
  onCreated: (plan: PlanRecord) => void;
  onCancel: () => void;
}

/** A form named "New plan": textbox "Plan name", radios "Blank"/"Demo", buttons "Create" and "Cancel". */
export function NewPlanForm({ onCreated, onCancel }: Props) {
  const client = useClient();
  const id = useId();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<'blank' | 'demo'>('blank');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { setError(new Error('Give the plan a name.')); return; }
    setBusy(true);
    setError(undefined);
    try {
      onCreated(await client.call('plans.create', { name: name.trim(), template }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form" aria-label="New plan" onSubmit={submit} onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }}>
      <h2>New plan</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Plan name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus required />
      </div>
      <fieldset className="field">
        <legend>Template</legend>
        <label className="choice">
          <input type="radio" name={`${id}-template`} value="blank" checked={template === 'blank'} onChange={() => setTemplate('blank')} />
          Blank
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-template`} value="demo" checked={template === 'demo'} onChange={() => setTemplate('demo')} aria-describedby={`${id}-demo-hint`} />
          Demo
        </label>
        <p id={`${id}-demo-hint`} className="hint">Demo: a small plan against the built-in demo server, ready to run.</p>
      </fieldset>
      {error !== undefined && <ErrorNotice title="Could not create the plan" error={error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>Create</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
