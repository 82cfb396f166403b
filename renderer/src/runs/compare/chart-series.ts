/** The overlaid charts: one line per run, x = seconds since that run's start, from its stored per-second points. */
import type { StoredTick } from '../../../../app/contract/runs.ts';
import type { Point } from '../../charts/downsample.ts';
import type { Series } from '../../charts/TimeChart.tsx';

export interface CompareChart {
  id: string;
  title: string;
  unit: string;
  /** Levels that jump (VUs): drawn as steps. */
  step?: boolean;
  /** null where the second had nothing to measure (no request finished): a gap, not a zero. */
  read: (p: StoredTick) => number | null;
}

export const COMPARE_CHARTS: readonly CompareChart[] = [
  { id: 'compare-rps', title: 'Requests per second', unit: 'req/s', read: (p) => p.rps },
  { id: 'compare-p95', title: 'Latency p(95)', unit: 'ms', read: (p) => p.latency?.p95 ?? null },
  {
    id: 'compare-errors',
    title: 'Failed requests',
    unit: '%',
    read: (p) => (p.reqs > 0 ? (p.failed / p.reqs) * 100 : null),
  },
  { id: 'compare-vus', title: 'Virtual users', unit: 'VUs', step: true, read: (p) => p.vus },
];

export interface ChartRun {
  id: string;
  name: string;
  samples: readonly StoredTick[];
}

/** One series per run, in the runs' order (so a run keeps its colour in every chart); the baseline dashed. */
export function overlaySeries(chart: CompareChart, runs: readonly ChartRun[], baselineId: string): Series[] {
  return runs.map((r) => {
    const points: Point[] = [...r.samples].sort((a, b) => a.t - b.t).map((p) => [p.t, chart.read(p)] as const);
    return {
      name: r.name,
      points,
      ...(r.id === baselineId ? { dashed: true } : {}),
      ...(chart.step ? { step: true } : {}),
    };
  });
}
