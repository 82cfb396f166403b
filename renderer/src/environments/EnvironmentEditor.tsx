/** Editing one environment (or a new one): name and variables, saved together. */
import { useState, type FormEvent } from 'react';
import type { Environment } from '../../../app/contract/environments.ts';
import { useClient } from '../api.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { toDraft, toSaveParams, validateDraft, type EnvironmentDraft } from './draft.ts';
import { VariablesTable } from './VariablesTable.tsx';

interface Props {
  /** null: a new environment. */
  environment: Environment | null;
  onSaved: (env: Environment) => void;
  onDeleted: () => void;
}

/** Form named "Environment": textbox "Environment name", the variables, buttons "Save" and "Delete environment". */
export function EnvironmentEditor({ environment, onSaved, onDeleted }: Props) {
  const client = useClient();
  const [draft, setDraft] = useState<EnvironmentDraft>(() => toDraft(environment));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>();
  const [confirming, setConfirming] = useState(false);

  const change = (next: EnvironmentDraft) => {
    setDraft(next);
    setDirty(true);
    setProblems([]);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    setError(undefined);
    try {
      const saved = await client.call('environments.save', toSaveParams(draft));
      setDirty(false);
      onSaved(saved);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirming(false);
    if (!environment) return;
    try {
      await client.call('environments.delete', { id: environment.id });
      onDeleted();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <form className="panel form" aria-label="Environment" onSubmit={save}>
      <h2>{environment ? environment.name : 'New environment'}</h2>
      <div className="field">
        <label htmlFor="env-name">Environment name</label>
        <input
          id="env-name"
          value={draft.name}
          maxLength={200}
          onChange={(e) => change({ ...draft, name: e.target.value })}
          autoFocus={!environment}
        />
      </div>
      <VariablesTable variables={draft.variables} onChange={(variables) => change({ ...draft, variables })} />
      <p className="hint">Secret values are stored encrypted and never shown again; they are sent to a run only.</p>
      {problems.length > 0 && (
        <div className="notice notice-error" role="alert">
          <div className="notice-body">
            <p className="notice-title">The environment cannot be saved yet</p>
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {error !== undefined && (
        <ErrorNotice title="Could not save the environment" error={error} onDismiss={() => setError(undefined)} />
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        {dirty && <span className="muted">Unsaved changes</span>}
        <span className="toolbar-spacer" />
        {environment && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete environment
          </button>
        )}
      </div>
      {confirming && environment && (
        <ConfirmDialog
          title={`Delete environment “${environment.name}”?`}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          <p>Its variables and secrets are deleted. Runs that used it keep their results.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
