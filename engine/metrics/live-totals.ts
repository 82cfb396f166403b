/**
 * Running totals for a live dashboard, from the run's cumulative data (never from per-second percentiles):
 * per request (count, rate, percentiles of all its requests so far, failed share, checks), status codes, errors.
 */
import { Histogram } from './histogram.ts';
import type { RunAggregate } from './aggregate.ts';
import type { Stall } from './stalls.ts';
import { StatusCounts } from './status-counts.ts';

export interface LiveRequest {
  name: string;
  /** The request's method; null when one name is sent with several methods. */
  method: string | null;
  count: number;
  rate: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  checksPass: number;
  checksFail: number;
}

export interface LiveTotals {
  requests: LiveRequest[];
  statuses: Record<string, number>;
  /** The largest error groups (kind + request) with a sample message. */
  errors: { kind: string; request: string; count: number; message: string }[];
  /** Stalls a closed model hid, so far (stalls.ts); the coordinator adds them. */
  stalls?: Stall[];
}

const ms = (us: number): number => us / 1000;
const EMPTY = new Histogram();

/**
 * The live totals at `elapsedS`. `requests: false` leaves out the per-request totals (empty), which take every
 * request name's percentiles; `maxErrors`: how many error groups (default 20).
 */
export function liveTotals(
  agg: RunAggregate,
  elapsedS: number,
  o: { requests?: boolean; maxErrors?: number } = {},
): LiveTotals {
  const statuses = new StatusCounts();
  for (const s of agg.series.values()) statuses.add(s.key.status, s.reqs);
  const errors = [...agg.errors.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, o.maxErrors ?? 20)
    .map((e) => ({ kind: e.kind, request: e.request, count: e.count, message: e.message }));
  return { requests: o.requests === false ? [] : liveRequests(agg, elapsedS), statuses: statuses.toObject(), errors };
}

/** Per request name: count, rate, percentiles over the whole run so far, failed and checks. */
function liveRequests(agg: RunAggregate, elapsedS: number): LiveRequest[] {
  // Every tick: a name with one series (the usual case) reads that series' histogram; only names with several
  // (statuses, scenarios) get a merged copy, so a tick does not copy every name's histogram.
  const byName = new Map<
    string,
    {
      method: string | null | undefined;
      count: number;
      failed: number;
      h: Histogram;
      own: boolean;
      checksPass: number;
      checksFail: number;
    }
  >();
  const entry = (name: string) => {
    let e = byName.get(name);
    if (!e) {
      e = { method: undefined, count: 0, failed: 0, h: EMPTY, own: false, checksPass: 0, checksFail: 0 };
      byName.set(name, e);
    }
    return e;
  };
  for (const s of agg.series.values()) {
    const e = entry(s.key.request);
    e.method = e.method === undefined || e.method === s.key.method ? s.key.method : null;
    e.count += s.reqs;
    e.failed += s.failed;
    if (e.h === EMPTY) e.h = s.hist.duration;
    else {
      if (!e.own) {
        const merged = new Histogram();
        merged.add(e.h);
        e.h = merged;
        e.own = true;
      }
      e.h.add(s.hist.duration);
    }
  }
  for (const c of agg.checks.values()) {
    const e = entry(c.key.request);
    e.checksPass += c.pass;
    e.checksFail += c.fail;
  }
  return [...byName].map(([name, e]): LiveRequest => {
    const [p50, p95, p99] = e.h.isEmpty
      ? [0, 0, 0]
      : (e.h.valuesAtPercentiles([50, 95, 99]) as [number, number, number]);
    return {
      name,
      method: e.method ?? null,
      count: e.count,
      rate: elapsedS > 0 ? e.count / elapsedS : 0,
      failed: e.failed,
      p50: ms(p50),
      p95: ms(p95),
      p99: ms(p99),
      max: ms(e.h.max),
      checksPass: e.checksPass,
      checksFail: e.checksFail,
    };
  });
}
