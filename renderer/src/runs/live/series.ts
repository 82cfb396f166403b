/**
 * Per-second points -> chart series, pure: requests/s (and failed/s), failed share, VUs, latency percentiles, the
 * open model's target vs achieved rate, and one request's rate and latency. x is seconds since the start (the end
 * of each interval). Rates and shares are gaps (null) for intervals shorter than MIN_RATE_SPAN: the last sliver of
 * a run (a few requests in 0.05 s) would show as a fake spike; its counts are in the totals, and the gap keeps
 * every chart's time axis the same length. Latency is null (a gap) when nothing finished.
 */
import type { Point } from '../../charts/downsample.ts';
import type { Series } from '../../charts/TimeChart.tsx';
import type { RunPoint } from './types.ts';

export const MIN_RATE_SPAN = 0.5;

export interface RunSeries {
  rps: Series[];
  failedShare: Series[];
  /** Bytes per second sent and received, as counted on the wire (data_sent, data_received). */
  data: Series[];
  vus: Series[];
  latency: Series[];
  /** Open model only (some iterations were scheduled), else null. */
  arrival: Series[] | null;
}

/** Every chart's series from the run's points (one pass); `openModel` forces the arrival series (else: when scheduled). */
export function runSeries(points: readonly RunPoint[], openModel = false): RunSeries {
  const reqs: Point[] = [],
    failed: Point[] = [],
    share: Point[] = [],
    vus: Point[] = [],
    vusMax: Point[] = [];
  const p50: Point[] = [],
    p90: Point[] = [],
    p95: Point[] = [],
    p99: Point[] = [];
  const scheduled: Point[] = [],
    started: Point[] = [],
    dropped: Point[] = [],
    sent: Point[] = [],
    received: Point[] = [];
  let open = openModel;
  for (const p of points) {
    const full = p.span >= MIN_RATE_SPAN;
    const per = (n: number): number | null => (full ? n / p.span : null);
    reqs.push([p.t, per(p.reqs)]);
    failed.push([p.t, per(p.failed)]);
    scheduled.push([p.t, per(p.scheduled)]);
    started.push([p.t, per(p.started)]);
    dropped.push([p.t, per(p.dropped)]);
    sent.push([p.t, per(p.dataSent / 1000)]);
    received.push([p.t, per(p.dataReceived / 1000)]);
    if (p.scheduled > 0) open = true;
    share.push([p.t, full && p.reqs > 0 ? (p.failed / p.reqs) * 100 : null]);
    vus.push([p.t, p.vus]);
    vusMax.push([p.t, p.vusMax]);
    p50.push([p.t, p.latency?.p50 ?? null]);
    p90.push([p.t, p.latency?.p90 ?? null]);
    p95.push([p.t, p.latency?.p95 ?? null]);
    p99.push([p.t, p.latency?.p99 ?? null]);
  }
  return {
    rps: [
      { name: 'requests/s', points: reqs },
      { name: 'failed/s', points: failed },
    ],
    failedShare: [{ name: 'failed %', points: share }],
    data: [
      { name: 'received kB/s', points: received },
      { name: 'sent kB/s', points: sent },
    ],
    // The limit muted and dashed: drawn over the active line where they are equal, which shows between its dashes.
    vus: [
      { name: 'active VUs', points: vus, step: true },
      { name: 'max VUs', points: vusMax, dashed: true, step: true, color: '#9a9aa8' },
    ],
    latency: [
      { name: 'p(50)', points: p50 },
      { name: 'p(90)', points: p90 },
      { name: 'p(95)', points: p95 },
      { name: 'p(99)', points: p99 },
    ],
    arrival: open
      ? [
          { name: 'target (scheduled/s)', points: scheduled, dashed: true },
          { name: 'achieved (started/s)', points: started },
          { name: 'dropped/s', points: dropped },
        ]
      : null,
  };
}

export interface RequestSeries {
  rate: Series[];
  latency: Series[];
  /**
   * Whether any point has this name: a run with many request names charts the first ones to run only (the engine's
   * timeline), and the others' seconds are not zero, they were not kept.
   */
  charted: boolean;
}

/** One request name's series: req/s and failed/s (0 in seconds it was not sent), p50/p95/p99 (gaps then). */
export function requestSeries(points: readonly RunPoint[], name: string): RequestSeries {
  const rate: Point[] = [],
    failed: Point[] = [],
    p50: Point[] = [],
    p95: Point[] = [],
    p99: Point[] = [];
  let charted = false;
  for (const p of points) {
    const r = p.requests[name];
    if (r !== undefined) charted = true;
    const full = p.span >= MIN_RATE_SPAN;
    rate.push([p.t, full ? (r?.reqs ?? 0) / p.span : null]);
    failed.push([p.t, full ? (r?.failed ?? 0) / p.span : null]);
    const has = r !== undefined && r.reqs > 0;
    p50.push([p.t, has ? r.p50 : null]);
    p95.push([p.t, has ? r.p95 : null]);
    p99.push([p.t, has ? r.p99 : null]);
  }
  return {
    rate: [
      { name: 'requests/s', points: rate },
      { name: 'failed/s', points: failed },
    ],
    latency: [
      { name: 'p(50)', points: p50 },
      { name: 'p(95)', points: p95 },
      { name: 'p(99)', points: p99 },
    ],
    charted,
  };
}
