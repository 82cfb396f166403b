/**
 * The plan's load over time: the chart of every scenario (offset by its start time) with the total, a caption
 * saying the peak and the end, the estimated total requests with its assumption, and the same data as a table
 * (the chart's text alternative). Updates live from the document.
 */
import { useId, useMemo } from 'react';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { ASSUMPTION } from './estimate.ts';
import { LoadChart } from './LoadChart.tsx';
import { LoadTable } from './LoadTable.tsx';
import { planLoad } from './plan-load.ts';
import { profileCaption, requestsText } from './summary.ts';
import './profile.css';

/** `highlight` draws one scenario stronger (the one being edited). */
export function LoadProfile({ highlight }: { highlight?: string }) {
  const { doc } = useDesigner();
  const load = useMemo(() => planLoad(doc), [doc]);
  const captionId = useId();
  const short = load.scenarios.filter((s) => s.vus && s.vus.needed > s.vus.available);
  return (
    <figure className="load-profile" aria-label="Load profile" aria-describedby={captionId}>
      {load.scenarios.length > 0 && <LoadChart load={load} highlight={highlight} />}
      <figcaption id={captionId} className="load-caption">
        {profileCaption(load)}
      </figcaption>
      {load.scenarios.length > 0 && (
        <p className="load-requests">
          <strong>
            {load.requests.exact || load.requests.unknown !== undefined ? 'Total' : 'Estimated total'}:{' '}
            {requestsText(load.requests)}
          </strong>
          {load.requests.unknown !== undefined ? (
            <span className="hint"> — loops decide it during the run: {load.requests.unknown}.</span>
          ) : (
            !load.requests.exact && <span className="hint"> — {ASSUMPTION}; the server's real speed decides.</span>
          )}
        </p>
      )}
      {short.map((s) => (
        <p key={s.name} className="load-warning" role="note">
          {s.name}: at its peak rate an iteration needs ≈ {s.vus?.needed} VUs but at most {s.vus?.available} are
          allowed; iterations without a free VU are dropped (raise maxVUs).
        </p>
      ))}
      {load.skipped.map((s) => (
        <p key={s.name} className="hint">
          {s.name} is not drawn: {s.reason}
        </p>
      ))}
      {load.scenarios.length > 0 && <LoadTable load={load} />}
    </figure>
  );
}
