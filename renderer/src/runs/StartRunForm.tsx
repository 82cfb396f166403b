/**
 * Starting a run: a valid plan, optionally an environment (remembered in settings), load overrides as the CLI's
 * --vus / --duration / --iterations, and a series label (repeats with one label are compared as mean ± sd).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { RunRow } from '../../../app/contract/runs.ts';
import { useClient } from '../api.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad } from '../ui/hooks.ts';
import { parseLabel } from './actions/label.ts';
import { NO_OVERRIDES, parseOverrides, type OverrideFields } from './overrides.ts';
import { StreamField } from './StreamField.tsx';
import { NO_STREAM, parseStream, type StreamFields } from './stream-output.ts';

/**
 * Form "Start a run": comboboxes "Plan", "Environment", "Stream metrics to"; textboxes "VUs", "Duration",
 * "Iterations", "Rate", "Label" (and "Endpoint URL" with a stream); button "Start run".
 */
export function StartRunForm({ onStarted }: { onStarted: (run: RunRow) => void }) {
  const client = useClient();
  const choices = useLoad(async (c) => {
    const [plans, environments, settings] = await Promise.all([
      c.call('plans.list', {}),
      c.call('environments.list', {}),
      c.call('settings.get', {}),
    ]);
    return { plans: plans.filter((p) => p.valid), environments, lastEnvironmentId: settings.lastEnvironmentId };
  }, 'start-choices');
  const [planId, setPlanId] = useState('');
  const [environmentId, setEnvironmentId] = useState<string | null>(null);
  const [fields, setFields] = useState<OverrideFields>(NO_OVERRIDES);
  const [labelText, setLabelText] = useState('');
  const [stream, setStream] = useState<StreamFields>(NO_STREAM);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const data = choices.data;
  // Defaults once the lists arrive: the first valid plan, the environment used last time (if it still exists).
  useEffect(() => {
    if (!data) return;
    setPlanId((id) => (data.plans.some((p) => p.id === id) ? id : (data.plans[0]?.id ?? '')));
    setEnvironmentId((id) => {
      if (id !== null) return id;
      const last = data.lastEnvironmentId;
      return last && data.environments.some((e) => e.id === last) ? last : '';
    });
  }, [data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const parsed = parseOverrides(fields);
    const label = parseLabel(labelText);
    const streamed = parseStream(stream);
    setProblems([
      ...(parsed.ok ? [] : parsed.problems),
      ...(label.ok ? [] : [label.problem]),
      ...(streamed.ok ? [] : [streamed.problem]),
    ]);
    if (!parsed.ok || !label.ok || !streamed.ok || !planId) return;
    setBusy(true);
    try {
      const run = await client.call('runs.start', {
        planId,
        ...(environmentId ? { environmentId } : {}),
        ...(parsed.overrides ? { overrides: parsed.overrides } : {}),
        ...(label.label ? { label: label.label } : {}),
        ...(streamed.outputs ? { outputs: streamed.outputs } : {}),
      });
      onStarted(run);
      // Remembering the environment is a convenience: its failure must not look like a failed start.
      client.call('settings.set', { patch: { lastEnvironmentId: environmentId || null } }).catch(() => undefined);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof OverrideFields, label: string, placeholder: string, inputMode: 'numeric' | 'text') => (
    <div className="field field-small">
      <label htmlFor={`run-${key}`}>{label}</label>
      <input
        id={`run-${key}`}
        inputMode={inputMode}
        placeholder={placeholder}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <form className="panel form" aria-label="Start a run" onSubmit={submit}>
      <h2>Start a run</h2>
      {choices.error !== undefined && (
        <ErrorNotice title="Could not load plans and environments" error={choices.error} />
      )}
      <div className="form-row">
        <div className="field">
          <label htmlFor="run-plan">Plan</label>
          <select
            id="run-plan"
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
            disabled={!data || data.plans.length === 0}
          >
            {data && data.plans.length === 0 && <option value="">No valid plans</option>}
            {data?.plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="run-env">Environment</label>
          <select
            id="run-env"
            value={environmentId ?? ''}
            onChange={(e) => setEnvironmentId(e.target.value)}
            disabled={!data}
          >
            <option value="">None</option>
            {data?.environments.map((env) => (
              <option key={env.id} value={env.id}>
                {env.name}
              </option>
            ))}
          </select>
        </div>
        {field('vus', 'VUs', 'plan', 'numeric')}
        {field('duration', 'Duration', 'e.g. 30s', 'text')}
        {field('iterations', 'Iterations', 'plan', 'numeric')}
        {field('rate', 'Rate', 'iterations/s', 'text')}
        <div className="field field-label" title="Runs with the same label are compared as a series (mean ± sd)">
          <label htmlFor="run-label">Label</label>
          <input
            id="run-label"
            placeholder="e.g. http2"
            value={labelText}
            onChange={(e) => setLabelText(e.target.value)}
          />
        </div>
        <div className="field field-submit">
          <button type="submit" className="primary" disabled={busy || !planId}>
            Start run
          </button>
        </div>
      </div>
      <StreamField id="run" value={stream} onChange={setStream} />
      <p className="hint">
        Only valid plans are listed. Empty overrides keep the plan’s own load settings. A label tags repeats of one
        set-up as a series.
      </p>
      {problems.length > 0 && (
        <div className="notice notice-error" role="alert">
          <div className="notice-body">
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {error !== undefined && (
        <ErrorNotice title="Could not start the run" error={error} onDismiss={() => setError(undefined)} />
      )}
    </form>
  );
}
