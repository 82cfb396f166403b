/**
 * Each scenario's own requests, latency, failures and checks, read from the run's totals after the run: the HTTP
 * series and the gRPC tagged totals already carry their scenario (as `http_req_duration{scenario:x}` thresholds
 * read them), so nothing more is recorded per request, and totals merged across workers or shards give exact
 * per-scenario numbers too. A plan of one scenario per protocol (plans/examples/protocols.yaml) compares them here.
 */
import { Histogram } from './histogram.ts';
import type { RunAggregate } from './aggregate.ts';
import type { TrendStats } from './trend.ts';

/** gRPC's OK status: any other code is a failed call (k6 counts it so). */
const GRPC_OK = '0';

/** What one scenario made: HTTP requests and gRPC (unary) calls together. */
export interface ScenarioRequests {
  /** The step types that made them: `http`, `grpc`, or both. */
  protocols: ('http' | 'grpc')[];
  /** HTTP requests plus gRPC calls. */
  count: number;
  /** `count` over the scenario's own active time (from its start time to its end or the run's), per second. */
  rate: number;
  /** HTTP requests counted in http_req_failed plus gRPC calls whose status was not OK. */
  failed: number;
  failedRate: number;
  /** http_req_duration and grpc_req_duration of the scenario, from one merged histogram. */
  duration: TrendStats;
}

/** A scenario's checks, passed and failed. */
export interface ScenarioChecks {
  passes: number;
  fails: number;
  rate: number;
}

interface Totals {
  http: boolean;
  grpc: boolean;
  count: number;
  failed: number;
  hist: Histogram;
  passes: number;
  fails: number;
}

/** Totals per scenario name, for every scenario that made a request, a gRPC call or a check. */
export function scenarioTotals(agg: RunAggregate): Map<string, Totals> {
  const out = new Map<string, Totals>();
  const of = (name: string): Totals => {
    let t = out.get(name);
    if (!t) {
      t = { http: false, grpc: false, count: 0, failed: 0, hist: new Histogram(), passes: 0, fails: 0 };
      out.set(name, t);
    }
    return t;
  };
  for (const s of agg.series.values()) {
    const t = of(s.key.scenario);
    t.http = true;
    t.count += s.reqs;
    t.failed += s.failed;
    t.hist.add(s.hist.duration);
  }
  for (const g of agg.tagged.byKey.values()) {
    const name = g.tags.scenario;
    if (g.metric !== 'grpc_req_duration' || name === undefined) continue;
    const t = of(name);
    t.grpc = true;
    t.count += g.count;
    if (g.tags.status !== GRPC_OK) t.failed += g.count;
    if (g.hist) t.hist.add(g.hist);
  }
  for (const c of agg.checks.values()) {
    const t = of(c.key.scenario);
    t.passes += c.pass;
    t.fails += c.fail;
  }
  return out;
}

/** The summary's numbers of one scenario's totals; `activeS` its active time in seconds. */
export function scenarioNumbers(
  t: Totals | undefined,
  activeS: number,
  stats: (h: Histogram) => TrendStats,
): { requests?: ScenarioRequests; checks?: ScenarioChecks } {
  if (!t) return {};
  const out: { requests?: ScenarioRequests; checks?: ScenarioChecks } = {};
  if (t.http || t.grpc) {
    out.requests = {
      protocols: [...(t.http ? ['http' as const] : []), ...(t.grpc ? ['grpc' as const] : [])],
      count: t.count,
      rate: activeS > 0 ? t.count / activeS : 0,
      failed: t.failed,
      failedRate: t.count > 0 ? t.failed / t.count : 0,
      duration: stats(t.hist),
    };
  }
  const n = t.passes + t.fails;
  if (n > 0) out.checks = { passes: t.passes, fails: t.fails, rate: t.passes / n };
  return out;
}
