/**
 * Test support for the report tests (compare, repeat, JUnit): FOR TESTS ONLY; report code never imports it.
 * A complete, typed run summary whose key numbers a test chooses, without running anything.
 */
import type { MetricSummary, ScenarioSummary, Summary } from '../../metrics/summary.ts';
import type { TrendStats } from '../../metrics/trend.ts';

export interface FakeRun {
  plan?: string;
  file?: string;
  startedAt?: string;
  durationMs?: number;
  requests?: number;
  /** http_req_duration; `null` for a run without requests. */
  latency?: Partial<TrendStats> | null;
  /** http_req_failed as a fraction. */
  failed?: number;
  /** checks passed as a fraction of `checkCount`; `null` for a run without checks. */
  checks?: number | null;
  checkCount?: number;
  iterations?: number;
  received?: number;
  status?: Summary['status'];
  stoppedBy?: Summary['stoppedBy'];
  thresholds?: Summary['thresholds'];
  checkList?: Summary['checks'];
  /** Scenarios with per-scenario numbers, in place of the one `default` scenario without them. */
  scenarios?: FakeScenario[];
}

/** One scenario's numbers; its rate is over the run's duration. */
export interface FakeScenario {
  name: string;
  requests: number;
  p95: number;
  /** A fraction of `requests`. */
  failed?: number;
  /** A fraction of passed checks; no checks when not given. */
  checks?: number;
  protocol?: 'http' | 'grpc';
}

function fakeScenario(sc: FakeScenario, durationMs: number): ScenarioSummary {
  const failed = Math.round(sc.requests * (sc.failed ?? 0));
  const passes = Math.round(100 * (sc.checks ?? 0));
  return {
    name: sc.name,
    executor: 'constant-vus',
    description: '',
    maxVus: 10,
    iterations: sc.requests,
    interrupted: 0,
    dropped: 0,
    requests: {
      protocols: [sc.protocol ?? 'http'],
      count: sc.requests,
      rate: sc.requests / (durationMs / 1000),
      failed,
      failedRate: sc.requests ? failed / sc.requests : 0,
      duration: {
        count: sc.requests,
        avg: sc.p95 / 2,
        min: 1,
        med: sc.p95 / 2,
        max: sc.p95 * 2,
        p90: sc.p95,
        p95: sc.p95,
        p99: sc.p95,
      },
    },
    ...(sc.checks === undefined ? {} : { checks: { passes, fails: 100 - passes, rate: passes / 100 } }),
  };
}

export function fakeSummary(r: FakeRun = {}): Summary {
  const durationMs = r.durationMs ?? 10_000;
  const reqs = r.requests ?? 1000;
  const perS = (n: number): number => n / (durationMs / 1000);
  const lat: TrendStats = { count: reqs, avg: 20, min: 1, med: 15, max: 300, p90: 40, p95: 60, p99: 120, ...r.latency };
  const failed = Math.round(reqs * (r.failed ?? 0));
  const metrics: Record<string, MetricSummary> = {
    http_reqs: { type: 'counter', unit: 'count', count: reqs, rate: perS(reqs) },
    http_req_failed: { type: 'rate', rate: reqs ? failed / reqs : 0, passes: failed, fails: reqs - failed },
    http_req_duration:
      r.latency === null
        ? { type: 'trend', unit: 'ms', count: 0, avg: 0, min: 0, med: 0, max: 0, p90: 0, p95: 0, p99: 0 }
        : { type: 'trend', unit: 'ms', ...lat },
    iterations: { type: 'counter', unit: 'count', count: r.iterations ?? reqs, rate: perS(r.iterations ?? reqs) },
    data_received: {
      type: 'counter',
      unit: 'bytes',
      count: r.received ?? reqs * 500,
      rate: perS(r.received ?? reqs * 500),
    },
  };
  if (r.checks !== null) {
    const n = r.checkCount ?? reqs;
    const passes = Math.round(n * (r.checks ?? 1));
    metrics.checks = { type: 'rate', rate: n ? passes / n : 0, passes, fails: n - passes };
  }
  const startedAt = r.startedAt ?? '2025-03-01T10:00:00.000Z';
  const thresholds = r.thresholds ?? [];
  return {
    version: 1,
    tool: { name: 'loadsmith', version: '0.0.0-test', node: '24.0.0' },
    plan: { name: r.plan ?? 'fake plan', ...(r.file ? { file: r.file } : {}) },
    status: r.status ?? (thresholds.every((t) => t.ok) ? 'passed' : 'failed'),
    stoppedBy: r.stoppedBy ?? 'completed',
    startedAt,
    endedAt: new Date(new Date(startedAt).getTime() + durationMs).toISOString(),
    durationMs,
    _total: reqs,
    _rps: perS(reqs),
    _p50: r.latency === null ? 0 : lat.med,
    _p99: r.latency === null ? 0 : lat.p99,
    metrics,
    requests: [],
    checks: r.checkList ?? [],
    groups: [],
    thresholds,
    statuses: reqs ? { 200: reqs - failed, ...(failed ? { 503: failed } : {}) } : {},
    errors: [],
    extractFailures: [],
    scenarios: r.scenarios?.map((sc) => fakeScenario(sc, durationMs)) ?? [
      {
        name: 'default',
        executor: 'constant-vus',
        description: '10 VUs for 10s',
        maxVus: 10,
        iterations: r.iterations ?? reqs,
        interrupted: 0,
        dropped: 0,
      },
    ],
    generator: { workers: 1, cpus: 2, cpuMax: 0.2, cpuAvg: 0.1, eluMax: 0.1, loopDelayP99MaxMs: 1 },
    notes: [],
    timeline: [],
  };
}
