/**
 * "New recording": name, port, allowed and insecure hosts, an optional upstream proxy (its password in a password
 * field, never shown back) → `recordings.start`. The caller opens the recording.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { EMPTY_START, startParams, type StartForm } from './start-options.ts';

/** Region "New recording": textboxes "Name", "Port", "Allowed hosts", "Insecure hosts", "Upstream proxy", "User", "Password"; button "Start recording". */
export function StartRecordingForm({ onStarted }: { onStarted: (r: Recording) => void }) {
  const client = useClient();
  const id = useId();
  const [form, setForm] = useState<StartForm>(EMPTY_START);
  const [problem, setProblem] = useState<{ field: keyof StartForm; message: string } | null>(null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<StartForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const invalid = (field: keyof StartForm) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = startParams(form);
    if (!r.ok) {
      setProblem(r);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const started = await client.call('recordings.start', r.params);
      onStarted(started.recording);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <section className="panel start-recording" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New recording</h2>
      <p className="hint">
        Loadsmith starts a proxy on 127.0.0.1 (never on the network). Record with a browser it opens, or point any
        client at it.
      </p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={form.name}
              maxLength={200}
              placeholder="Recording <date>"
              onChange={(e) => set({ name: e.target.value })}
              {...invalid('name')}
            />
          </div>
          <div className="field field-small">
            <label htmlFor={`${id}-port`}>Port</label>
            <input
              id={`${id}-port`}
              inputMode="numeric"
              value={form.port}
              placeholder="auto"
              onChange={(e) => set({ port: e.target.value })}
              {...invalid('port')}
            />
          </div>
        </div>
        <div className="form-row">
          <div className="field field-wide">
            <label htmlFor={`${id}-allow`}>Allowed hosts</label>
            <input
              id={`${id}-allow`}
              value={form.allowHosts}
              placeholder="all hosts"
              aria-describedby={`${id}-allow-hint`}
              onChange={(e) => set({ allowHosts: e.target.value })}
              {...invalid('allowHosts')}
            />
            <span id={`${id}-allow-hint`} className="hint">
              Only these are recorded (example.com, *.example.com); others are refused without being contacted.
            </span>
          </div>
          <div className="field field-wide">
            <label htmlFor={`${id}-insecure`}>Insecure hosts</label>
            <input
              id={`${id}-insecure`}
              value={form.insecureHosts}
              placeholder="none"
              aria-describedby={`${id}-insecure-hint`}
              onChange={(e) => set({ insecureHosts: e.target.value })}
              {...invalid('insecureHosts')}
            />
            <span id={`${id}-insecure-hint`} className="hint">
              HTTPS certificates not checked (self-signed development servers); the plan gets insecureTls for them.
            </span>
          </div>
        </div>
        <details className="upstream">
          <summary>Upstream proxy (corporate networks)</summary>
          <div className="form-row">
            <div className="field field-wide">
              <label htmlFor={`${id}-proxy`}>Upstream proxy</label>
              <input
                id={`${id}-proxy`}
                value={form.proxyUrl}
                placeholder="http://proxy.example.com:3128"
                onChange={(e) => set({ proxyUrl: e.target.value })}
                {...invalid('proxyUrl')}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-user`}>User</label>
              <input
                id={`${id}-user`}
                value={form.proxyUser}
                autoComplete="off"
                onChange={(e) => set({ proxyUser: e.target.value })}
                {...invalid('proxyUser')}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                type="password"
                value={form.proxyPassword}
                autoComplete="off"
                onChange={(e) => set({ proxyPassword: e.target.value })}
              />
            </div>
          </div>
          <p className="hint">The password is used for this recording only: it is not stored with it.</p>
        </details>
        {problem && (
          <p id={`${id}-problem`} className="text-bad" role="alert">
            {problem.message}
          </p>
        )}
        {error !== undefined && <ErrorNotice title="The recording did not start" error={error} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
            Start recording
          </button>
        </div>
      </form>
    </section>
  );
}
