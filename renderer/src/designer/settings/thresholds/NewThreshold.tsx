/** Adds a threshold for a metric, with a sensible first expression (p(95)<500, rate<0.01, ...). */
import { useId, useState } from 'react';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { defaultExpression, METRIC_LIST, metricInfo } from './metrics.ts';

export function NewThreshold({ existing }: { existing: readonly string[] }) {
  const d = useDesigner();
  const id = useId();
  const [metric, setMetric] = useState('http_req_duration');
  const taken = existing.includes(metric);
  const add = (): void => {
    const m = metricInfo(metric);
    if (!m || taken) return;
    d.set(['thresholds', metric], [defaultExpression(m)]);
  };
  return (
    <div className="new-threshold">
      <div className="inline-form">
        <label htmlFor={id}>New threshold metric</label>
        <select
          id={id}
          value={metric}
          onChange={(e) => setMetric(e.target.value)}
          aria-describedby={taken ? `${id}-taken` : undefined}
        >
          {METRIC_LIST.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={add} disabled={taken}>
          Add threshold
        </button>
      </div>
      {taken && (
        <p id={`${id}-taken`} className="hint">
          {metric} already has a threshold: add an expression to it, or a tag filter to make a new one.
        </p>
      )}
    </div>
  );
}
