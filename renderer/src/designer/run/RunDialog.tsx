/**
 * The designer's "Run" dialog: environment (the designer's by default), optional overrides as the CLI's --vus /
 * --duration / --iterations, an optional label; "Start run" saves pending edits, starts the run and opens its
 * dashboard. A modal <dialog>: focus stays inside, Escape cancels.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NO_OVERRIDES, type OverrideFields } from '../../runs/overrides.ts';
import { StreamField } from '../../runs/StreamField.tsx';
import { NO_STREAM, type StreamFields } from '../../runs/stream-output.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useLoad } from '../../ui/hooks.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { useStartRun } from './useStartRun.ts';
import './run.css';

const OVERRIDES: readonly { key: keyof OverrideFields; label: string; placeholder: string }[] = [
  { key: 'vus', label: 'VUs', placeholder: 'as planned' },
  { key: 'duration', label: 'Duration', placeholder: 'e.g. 30s' },
  { key: 'iterations', label: 'Iterations', placeholder: 'as planned' },
  { key: 'rate', label: 'Rate', placeholder: 'iterations/s' },
];

/**
 * Dialog named "Run the plan": comboboxes "Environment", "Stream metrics to"; textboxes "VUs", "Duration",
 * "Iterations", "Rate", "Label" (and "Endpoint URL" with a stream).
 */
export function RunDialog({ onClose }: { onClose: () => void }) {
  const d = useDesigner();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const envs = useLoad((c) => c.call('environments.list', {}), 'environments');
  const run = useStartRun();
  const [environmentId, setEnvironmentId] = useState<string | null>(d.environmentId);
  const [fields, setFields] = useState<OverrideFields>(NO_OVERRIDES);
  const [label, setLabel] = useState('');
  const [stream, setStream] = useState<StreamFields>(NO_STREAM);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run.start({ environmentId, fields, label, stream });
  };
  const busy = run.busy !== null;
  return (
    <dialog
      ref={ref}
      className="confirm run-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Run the plan</h2>
        <p className="hint">
          Starts a load test with the saved plan and opens its live dashboard. Empty fields keep the plan's own load.
        </p>
        {!d.valid && (
          <p className="text-bad small" role="note">
            The plan has {d.issues.length} problem{d.issues.length === 1 ? '' : 's'} (see the outline); it cannot run
            until they are fixed.
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-env`}>Environment</label>
          <select
            id={`${id}-env`}
            value={environmentId ?? ''}
            onChange={(e) => setEnvironmentId(e.target.value || null)}
          >
            <option value="">None</option>
            {(envs.data ?? []).map((env) => (
              <option key={env.id} value={env.id}>
                {env.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-row">
          {OVERRIDES.map((o) => (
            <div key={o.key} className="field field-small">
              <label htmlFor={`${id}-${o.key}`}>{o.label}</label>
              <input
                id={`${id}-${o.key}`}
                placeholder={o.placeholder}
                value={fields[o.key]}
                inputMode={o.key === 'duration' ? 'text' : 'numeric'}
                onChange={(e) => setFields({ ...fields, [o.key]: e.target.value })}
              />
            </div>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            placeholder="optional, e.g. http2"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <StreamField id={id} value={stream} onChange={setStream} />
        {run.problems.length > 0 && (
          <ul className="run-problems text-bad" aria-label="Problems">
            {run.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {run.error !== undefined && <ErrorNotice title="The run did not start" error={run.error} />}
        <div className="actions">
          <button type="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          {busy && (
            <span className="muted small" role="status">
              {run.busy === 'saving' ? 'Saving the plan…' : 'Starting…'}
            </span>
          )}
          <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
            Start run
          </button>
        </div>
      </form>
    </dialog>
  );
}
