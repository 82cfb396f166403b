/**
 * Mid-run control of a running run, as Locust's web UI has it: Pause / Resume, and per scenario its VUs (closed
 * model) or arrival rate (open model) with Apply. Changes apply at the next whole second; the run's summary shows
 * each phase's target next to what it achieved. An execution segment says why it takes none.
 */
import { useState, type FormEvent } from 'react';
import type { RunControlResult, RunDetail } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import { useEvent } from '../../ui/hooks.ts';
import type { Tick } from '../live.ts';
import { controlRows, parseTarget, type ControlRow } from './control.ts';
import './control.css';

type ControlState = RunControlResult['state'];

interface Props {
  runId: string;
  info: NonNullable<RunDetail['info']>;
  latest: Tick | undefined;
  onError: (title: string, error: unknown) => void;
}

/** Region "Load control": button "Pause"/"Resume"; per scenario a field "VUs of NAME" or "Rate of NAME" and "Apply". */
export function RunControls({ runId, info, latest, onError }: Props) {
  const client = useClient();
  // What was set (ours, or another window's: run.control), ahead of the ticks that show it once due.
  const [set, setSet] = useState<ControlState | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEvent('run.control', (e) => {
    if (e.runId === runId) setSet(e.result.state);
  });
  const state = set ?? latest?.control;

  if (info.controlRefusal)
    return (
      <p className="muted run-control-off" role="note">
        Mid-run control: {info.controlRefusal}
      </p>
    );

  const act = async (title: string, call: () => Promise<{ state: ControlState }>): Promise<boolean> => {
    setBusy(true);
    try {
      setSet((await call()).state);
      return true;
    } catch (error) {
      onError(title, error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const paused = state?.paused ?? false;
  const rows = controlRows(info.scenarios, state, latest?.elapsedMs);
  return (
    <section className="panel run-control" aria-label="Load control">
      <div className="run-control-head">
        <h2>Load</h2>
        {paused && (
          <span className="badge badge-warn" role="status">
            Paused
          </span>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void (paused
              ? act('Could not resume the run', () => client.call('runs.resume', { id: runId }))
              : act('Could not pause the run', () => client.call('runs.pause', { id: runId })))
          }
          title={
            paused
              ? 'Iterations start again at the current targets'
              : 'No new iterations from the next second; running ones finish; the duration keeps running'
          }
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <span className="hint">
          Changes apply at the next whole second and hold to the scenario’s end; the summary shows each phase.
        </span>
      </div>
      <div className="run-control-rows">
        {rows.map((row) => (
          <ScaleRow
            key={row.name}
            row={row}
            busy={busy}
            apply={(target) =>
              act(`Could not change ${row.name}`, () =>
                client.call('runs.scale', { id: runId, scenario: row.name, ...target }),
              )
            }
          />
        ))}
      </div>
    </section>
  );
}

function ScaleRow({
  row,
  busy,
  apply,
}: {
  row: ControlRow;
  busy: boolean;
  apply: (target: { vus: number } | { rate: number }) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const id = `scale-${row.name}`;
  const label = row.unit === 'rate' ? `Rate of ${row.name}` : `VUs of ${row.name}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseTarget(row, text);
    setProblem(parsed.ok ? undefined : parsed.problem);
    if (parsed.ok && (await apply(parsed.target))) setText('');
  };
  return (
    <form className="run-control-row" aria-label={`Scale ${row.name}`} onSubmit={(e) => void submit(e)}>
      <span className="run-control-name">{row.name}</span>
      <span className="muted">{row.executor}</span>
      <span className="run-control-current" aria-label={`${row.name} target`}>
        {row.current}
      </span>
      {row.unit && (
        <>
          <label htmlFor={id} className="visually-hidden">
            {label}
          </label>
          <input
            id={id}
            inputMode={row.unit === 'vus' ? 'numeric' : 'decimal'}
            placeholder={row.unit === 'vus' ? 'VUs' : 'iterations/s'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={row.blocked !== undefined}
            title={row.blocked}
            aria-invalid={problem !== undefined}
          />
          <button
            type="submit"
            disabled={busy || row.blocked !== undefined || text.trim() === ''}
            aria-label={`Apply to ${row.name}`}
          >
            Apply
          </button>
        </>
      )}
      {row.blocked && <span className="muted run-control-why">{row.blocked}</span>}
      {problem && (
        <span className="text-bad" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
