/** One request's charts over time (from the per-second points): its rate and failures, and its latency. */
import { memo, useMemo } from 'react';
import { TimeChart } from '../../charts/TimeChart.tsx';
import { requestSeries } from '../live/series.ts';
import type { RunPoint } from '../live/types.ts';

/**
 * Region "Request <name>" with figures `data-chart` = request-rps and request-latency; for a name the per-second
 * points do not cover (a run with many names charts the first ones to run), a note instead of empty charts.
 */
function RequestChartsImpl({ points, name }: { points: readonly RunPoint[]; name: string }) {
  const s = useMemo(() => requestSeries(points, name), [points, name]);
  return (
    <section className="request-charts" aria-label={`Request ${name}`}>
      <h3>{name}</h3>
      {!s.charted && points.length > 0 ? (
        <p className="muted">
          No per-second points for this request: a run with many request names keeps them for the first names to run
          only (the run's notes say how many). Its totals are in the table above.
        </p>
      ) : (
        <div className="run-charts">
          <TimeChart
            id="request-rps"
            title={`${name}: requests per second`}
            unit="req/s"
            series={s.rate}
            height={200}
          />
          <TimeChart id="request-latency" title={`${name}: latency`} unit="ms" series={s.latency} height={200} />
        </div>
      )}
    </section>
  );
}

export const RequestCharts = memo(RequestChartsImpl);
