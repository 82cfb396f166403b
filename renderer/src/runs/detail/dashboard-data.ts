/**
 * Where each part of the dashboard takes its numbers: a running run from its newest tick (cumulative live totals,
 * thresholds as evaluated on that tick); a finished one from its stored summary (the numbers it ended with); a run
 * without summary (interrupted) from its last stored second, as far as that goes.
 */
import { fmtMs } from '../../format/numbers.ts';
import { liveRows, summaryRows, type RequestRow } from '../live/rows.ts';
import type { RunPoint, RunSummary, ThresholdState, Tick } from '../live/types.ts';
import type { ErrorGroup } from './ErrorsSection.tsx';

export interface DashboardData {
  rows: RequestRow[];
  /** What the request table says when it has no rows. */
  noRows: string;
  statuses: Record<string, number>;
  errors: readonly ErrorGroup[];
  thresholds: readonly ThresholdState[];
  evaluated: string;
  /** Stalls a closed model hid (the engine's rule, docs/reports.md): so far while running, then the summary's. */
  stalls: readonly Stall[];
}

export type Stall = NonNullable<RunSummary['stalls']>[number];

export function dashboardData(
  running: boolean,
  latest: Tick | undefined,
  summary: RunSummary | null,
  points: readonly RunPoint[],
): DashboardData {
  if (running) {
    return {
      rows: latest ? liveRows(latest.live) : [],
      noRows: latest ? 'No request has finished yet.' : 'Waiting for the first second of measurements…',
      statuses: latest?.live.statuses ?? {},
      errors: latest?.live.errors ?? [],
      thresholds: latest?.thresholds ?? [],
      evaluated: latest ? `live, at ${fmtMs(latest.elapsedMs)}` : 'not yet',
      stalls: latest?.live.stalls ?? [],
    };
  }
  if (summary) {
    return {
      rows: summaryRows(summary),
      // A partial summary (the app was killed mid-run) has no per-request numbers: its stored seconds do not hold them.
      noRows: summary.partial
        ? 'Not known: this run was cut off and summed up from its stored seconds, which hold no per-request numbers.'
        : 'This run sent no requests.',
      statuses: summary.statuses,
      errors: summary.errors,
      thresholds: summary.thresholds,
      evaluated: `at the end (${fmtMs(summary.durationMs)})`,
      stalls: summary.stalls ?? [],
    };
  }
  const last = points.at(-1);
  const statuses: Record<string, number> = {};
  for (const p of points)
    for (const [code, n] of Object.entries(p.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rows: [],
    noRows:
      'This run has no summary (it did not finish): per-request totals were not kept; the charts show what was stored.',
    statuses,
    errors: [],
    thresholds: last?.thresholds ?? [],
    evaluated: last ? `last stored second (${fmtMs(last.elapsedMs)})` : 'never',
    stalls: [],
  };
}
