/**
 * A finished run as big as the dashboard must handle: 50 request names and an hour of per-second samples, written
 * straight into a data directory's store (as the runs service would) before the UI starts.
 */
import type { RunInfo } from '../../engine/runtime/run-handle.ts';
import type { RequestSummary, Summary } from '../../engine/metrics/summary.ts';
import type { RequestPoint, TimelinePoint } from '../../engine/metrics/timeline.ts';
import type { StoredTick } from '../../app/contract/runs.ts';
import { keyNumbers, runStatus } from '../../app/services/run-status.ts';
import { openStore } from '../../app/store/index.ts';

export const LONG_RUN = { id: 'long-run-50x3600', requests: 50, seconds: 3600 };

export const requestName = (i: number): string => `Request ${String(i + 1).padStart(2, '0')}`;

/** Request i gets slower with i and swings over the hour, so sorting and the charts have something to show. */
function requestPoint(i: number, t: number): RequestPoint {
  const base = 5 + i * 2 + 3 * Math.sin((t + i * 60) / 300);
  return { reqs: 10, failed: t % 97 === i ? 1 : 0, p50: base, p95: base * 1.8, p99: base * 2.5, max: base * 4 };
}

function timelinePoint(t: number): TimelinePoint {
  const requests: Record<string, RequestPoint> = {};
  for (let i = 0; i < LONG_RUN.requests; i++) requests[requestName(i)] = requestPoint(i, t);
  const reqs = LONG_RUN.requests * 10;
  const failed = Object.values(requests).reduce((n, r) => n + r.failed, 0);
  return {
    t,
    span: 1,
    vus: 50,
    reqs,
    rps: reqs,
    failed,
    iterations: 10,
    interrupted: 0,
    dataSent: reqs * 200,
    dataReceived: reqs * 900,
    checksPass: reqs,
    checksFail: 0,
    errors: failed,
    dropped: 0,
    scheduled: 0,
    started: 0,
    lag: null,
    generator: { cpu: 0.3, elu: 0.4, loopDelayP99Ms: 2 },
    latency: { avg: 40, p50: 35, p90: 80, p95: 95, p99: 130, max: 400 },
    requests,
    statuses: { 200: reqs - failed, ...(failed ? { 503: failed } : {}) },
  };
}

function summaryOf(timeline: TimelinePoint[]): Summary {
  const seconds = LONG_RUN.seconds;
  const total = timeline.reduce((n, p) => n + p.reqs, 0);
  const failed = timeline.reduce((n, p) => n + p.failed, 0);
  const trend = (m: number) => ({
    count: 36_000,
    avg: m,
    min: m / 3,
    med: m,
    max: m * 6,
    p90: m * 1.6,
    p95: m * 1.8,
    p99: m * 2.5,
  });
  const requests: RequestSummary[] = Array.from({ length: LONG_RUN.requests }, (_, i) => {
    const f = timeline.reduce((n, p) => n + (p.requests[requestName(i)]?.failed ?? 0), 0);
    return {
      scenario: 'default',
      name: requestName(i),
      method: 'GET',
      count: 36_000,
      rate: 36_000 / seconds,
      failed: f,
      failedRate: f / 36_000,
      duration: trend(5 + i * 2),
      statuses: { 200: 36_000 - f, 503: f },
    };
  });
  return {
    version: 1,
    tool: { name: 'loadsmith', version: '0.1.0', node: process.versions.node },
    plan: { name: 'Fifty requests' },
    status: 'passed',
    stoppedBy: 'completed',
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: '2026-01-01T11:00:00.000Z',
    durationMs: seconds * 1000,
    _total: total,
    _rps: total / seconds,
    _p50: 35,
    _p99: 130,
    metrics: {
      http_reqs: { type: 'counter', unit: 'count', count: total, rate: total / seconds },
      http_req_failed: { type: 'rate', rate: failed / total, passes: failed, fails: total - failed },
      http_req_duration: { type: 'trend', unit: 'ms', ...trend(35) },
      iterations: { type: 'counter', unit: 'count', count: 36_000, rate: 10 },
      checks: { type: 'rate', rate: 1, passes: total, fails: 0 },
    },
    requests,
    checks: requests.map((r) => ({
      scenario: 'default',
      group: '',
      request: r.name,
      name: 'status is 200',
      passes: r.count,
      fails: 0,
    })),
    groups: [],
    thresholds: [{ metric: 'http_req_duration', expression: 'p(95)<500', ok: true, value: 63, abortOnFail: false }],
    statuses: { 200: total - failed, 503: failed },
    errors: [],
    extractFailures: [],
    scenarios: [
      {
        name: 'default',
        executor: 'constant-vus',
        description: '50 VUs for 1h',
        maxVus: 50,
        iterations: 36_000,
        interrupted: 0,
        dropped: 0,
      },
    ],
    generator: { workers: 1, cpus: 2, cpuMax: 0.3, cpuAvg: 0.3, eluMax: 0.4, loopDelayP99MaxMs: 2 },
    notes: [],
    timeline,
  };
}

/** Writes the run (plan snapshot, info, 3600 samples, summary) into the store of `dataDir`. */
export function seedLongRun(dataDir: string): void {
  const store = openStore({ dataDir });
  try {
    const timeline = Array.from({ length: LONG_RUN.seconds }, (_, s) => timelinePoint(s + 1));
    const summary = summaryOf(timeline);
    const info: RunInfo = {
      plan: 'Fifty requests',
      scenarios: [{ name: 'default', executor: 'constant-vus', description: '50 VUs for 1h', maxVus: 50 }],
      vusMax: 50,
      maxDurationMs: 3_630_000,
      workers: 1,
    };
    store.runs.create({
      id: LONG_RUN.id,
      planId: null,
      planName: 'Fifty requests',
      environment: null,
      plan: { version: 1, name: 'Fifty requests' },
      overrides: {},
      startedAt: summary.startedAt,
    });
    store.runs.setInfo(LONG_RUN.id, info);
    const totals = { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 };
    timeline.forEach((p, i) => {
      totals.reqs += p.reqs;
      totals.failed += p.failed;
      totals.iterations += p.iterations;
      totals.checksPass += p.checksPass;
      totals.errors += p.errors;
      const sample: StoredTick = {
        ...p,
        elapsedMs: p.t * 1000,
        vusMax: 50,
        totals: { ...totals },
        thresholds: summary.thresholds,
      };
      store.runs.addSample(LONG_RUN.id, i + 1, sample);
    });
    store.runs.finish(LONG_RUN.id, {
      status: runStatus(summary),
      endedAt: summary.endedAt,
      durationMs: summary.durationMs,
      summary,
      key: keyNumbers(summary),
      error: null,
    });
  } finally {
    store.close();
  }
}
