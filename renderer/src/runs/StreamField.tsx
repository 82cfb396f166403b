/**
 * "Stream metrics to": an optional Prometheus / InfluxDB / OTLP endpoint for the run (the CLI's --out KIND=URL).
 * Credentials are not asked here: they are the environment's variables (LOADSMITH_PROMETHEUS_TOKEN, ...).
 */
import { STREAM_CHOICES, type StreamFields } from './stream-output.ts';

/** Combobox "Stream metrics to" and, once a kind is chosen, textbox "Endpoint URL". */
export function StreamField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: StreamFields;
  onChange: (v: StreamFields) => void;
}) {
  const choice = STREAM_CHOICES.find((c) => c.kind === value.kind);
  return (
    <div className="form-row">
      <div className="field">
        <label htmlFor={`${id}-stream`}>Stream metrics to</label>
        <select
          id={`${id}-stream`}
          value={value.kind}
          onChange={(e) => onChange({ ...value, kind: e.target.value as StreamFields['kind'] })}
        >
          <option value="">Nowhere</option>
          {STREAM_CHOICES.map((c) => (
            <option key={c.kind} value={c.kind}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {choice && (
        <div className="field" title="Tokens and passwords come from the environment's variables (docs/outputs.md)">
          <label htmlFor={`${id}-stream-url`}>Endpoint URL</label>
          <input
            id={`${id}-stream-url`}
            placeholder={choice.placeholder}
            value={value.url}
            onChange={(e) => onChange({ ...value, url: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}
