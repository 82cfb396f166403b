/** One request's charts over time (from the per-second points): its rate and failures, and its latency. */
import { memo, useMemo } from 'react';
import { TimeChart } from '../../charts/TimeChart.tsx';
import { requestSeries } from '../live/series.ts';
import type { RunPoint } from '../live/types.ts';

/** Region "Request <name>" with figures `data-chart` = request-rps and request-latency. */
function RequestChartsImpl({ points, name }: { points: readonly RunPoint[]; name: string }) {
  const s = useMemo(() => requestSeries(points, name), [points, name]);
  return (
    <section className="request-charts" aria-label={`Request ${name}`}>
      <h3>{name}</h3>
      <div className="run-charts">
        <TimeChart id="request-rps" title={`${name}: requests per second`} unit="req/s" series={s.rate} height={200} />
        <TimeChart id="request-latency" title={`${name}: latency`} unit="ms" series={s.latency} height={200} />
      </div>
    </section>
  );
}

export const RequestCharts = memo(RequestChartsImpl);
