/** The overlaid charts: requests per second, p(95) latency, failed requests, VUs; one line per run. */
import { useMemo } from 'react';
import { TimeChart } from '../../charts/TimeChart.tsx';
import { Section } from '../../ui/Section.tsx';
import { COMPARE_CHARTS, overlaySeries } from './chart-series.ts';
import type { ComparedRun } from './comparable.ts';

/** Section "Charts"; each figure has data-chart="compare-rps" | "compare-p95" | "compare-errors" | "compare-vus". */
export function CompareCharts({ runs, baselineId }: { runs: readonly ComparedRun[]; baselineId: string }) {
  const charts = useMemo(
    () => COMPARE_CHARTS.map((c) => ({ chart: c, series: overlaySeries(c, runs, baselineId) })),
    [runs, baselineId],
  );
  return (
    <Section title="Charts">
      <p className="hint">
        Time is seconds since each run’s own start; the baseline is drawn dashed. Click a name in a legend to hide that
        run.
      </p>
      <div className="compare-charts">
        {charts.map(({ chart, series }) => (
          <TimeChart key={chart.id} id={chart.id} title={chart.title} unit={chart.unit} series={series} height={220} />
        ))}
      </div>
    </Section>
  );
}
