/**
 * The forms of the one-line actions: ping (an optional pong timeout), pause (fixed, or drawn between a minimum and
 * a maximum, as a think step) and close (an optional code and reason). Each starts as the short form (`ping: true`,
 * `close: true`) and grows into an object only when a field needs one.
 */
import type { Path } from '../../core/doc-path.ts';
import { objectOf } from '../../core/doc/index.ts';
import { DurationField } from '../../fields/DurationField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { DurationInput } from '../inputs/DurationInput.tsx';
import { NumberInput } from '../inputs/NumberInput.tsx';

export function PingForm({ path, n }: { path: Path; n: number }) {
  const d = useDesigner();
  const withTimeout = objectOf(d.get(path)) !== undefined;
  return (
    <div className="ws-small">
      {withTimeout ? (
        <DurationField path={[...path, 'timeout']} label={`Action ${n} pong timeout`} placeholder="10s" />
      ) : (
        <button type="button" onClick={() => d.set(path, { timeout: '10s' })}>
          Set a pong timeout
        </button>
      )}
      <p className="hint">Sends a ping and waits for its pong (default 10s): the round trip is ws_ping.</p>
    </div>
  );
}

export function PauseForm({ path, n }: { path: Path; n: number }) {
  const d = useDesigner();
  const pause = d.get(path);
  const range = objectOf(pause);
  const fixed = typeof pause === 'string' ? pause : '';
  return (
    <div className="ws-small">
      <label className="field-checkbox">
        <input
          type="checkbox"
          checked={range !== undefined}
          onChange={(e) =>
            d.set(path, e.target.checked ? { min: fixed || '1s', max: fixed || '2s' } : String(range?.min ?? '1s'))
          }
        />
        {`Action ${n}: random between a minimum and a maximum`}
      </label>
      {range ? (
        <div className="req-row">
          <DurationInput path={[...path, 'min']} label={`Action ${n} minimum pause`} placeholder="500ms" />
          <DurationInput path={[...path, 'max']} label={`Action ${n} maximum pause`} placeholder="1500ms" />
        </div>
      ) : (
        <DurationInput path={path} label={`Action ${n} pause`} placeholder="1s" />
      )}
      <p className="hint">Waits on the open session; messages arriving meanwhile wait for the next receive.</p>
    </div>
  );
}

export function CloseForm({ path, n }: { path: Path; n: number }) {
  const d = useDesigner();
  const close = objectOf(d.get(path));
  if (!close)
    return (
      <div className="ws-small">
        <button type="button" onClick={() => d.set(path, { code: 1000, reason: '' })}>
          Set a close code and reason
        </button>
        <p className="hint">Closes with 1000 (normal closure); the actions after it do not run.</p>
      </div>
    );
  return (
    <div className="req-row ws-small">
      <NumberInput
        path={[...path, 'code']}
        label={`Action ${n} close code`}
        optional
        integer
        min={1000}
        max={4999}
        placeholder="1000"
      />
      <TextField path={[...path, 'reason']} label={`Action ${n} close reason`} placeholder="done" />
    </div>
  );
}
