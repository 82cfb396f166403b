/**
 * Finished runs as big as the dashboard must handle, written straight into a data directory's store (as the runs
 * service would) before the UI starts: 50 request names and an hour of per-second samples; a recording's 10,000
 * request names (the per-second points chart the first 50, as the engine's do).
 */
import type { RunInfo } from '../../engine/runtime/run-handle.ts';
import type { RequestSummary, Summary } from '../../engine/metrics/summary.ts';
import type { RequestPoint, TimelinePoint } from '../../engine/metrics/timeline.ts';
import type { StoredTick } from '../../app/contract/runs.ts';
import { keyNumbers, runStatus } from '../../app/services/run-status.ts';
import { openStore } from '../../app/store/index.ts';

interface RunShape {
  id: string;
  plan: string;
  requests: number;
  seconds: number;
}

export const LONG_RUN: RunShape = { id: 'long-run-50x3600', plan: 'Fifty requests', requests: 50, seconds: 3600 };
export const MANY_NAMES: RunShape = { id: 'many-names-10000x20', plan: 'A recording', requests: 10_000, seconds: 20 };
/** The names a run's per-second points chart (engine/metrics/timeline.ts). */
const CHARTED = 50;

export const requestName = (i: number): string => `Request ${String(i + 1).padStart(2, '0')}`;

/** Request i gets slower with i and swings over the hour, so sorting and the charts have something to show. */
function requestPoint(i: number, t: number): RequestPoint {
  const base = 5 + i * 2 + 3 * Math.sin((t + i * 60) / 300);
  return { reqs: 10, failed: t % 97 === i ? 1 : 0, p50: base, p95: base * 1.8, p99: base * 2.5, max: base * 4 };
}

function timelinePoint(shape: RunShape, t: number): TimelinePoint {
  const requests: Record<string, RequestPoint> = {};
  for (let i = 0; i < Math.min(shape.requests, CHARTED); i++) requests[requestName(i)] = requestPoint(i, t);
  const reqs = shape.requests * 10;
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

function summaryOf(shape: RunShape, timeline: TimelinePoint[]): Summary {
  const seconds = shape.seconds;
  // Ten a second per request name, as the per-second points say.
  const perRequest = 10 * seconds;
  const total = timeline.reduce((n, p) => n + p.reqs, 0);
  const failed = timeline.reduce((n, p) => n + p.failed, 0);
  const trend = (m: number) => ({
    count: perRequest,
    avg: m,
    min: m / 3,
    med: m,
    max: m * 6,
    p90: m * 1.6,
    p95: m * 1.8,
    p99: m * 2.5,
  });
  const requests: RequestSummary[] = Array.from({ length: shape.requests }, (_, i) => {
    const f = timeline.reduce((n, p) => n + (p.requests[requestName(i)]?.failed ?? 0), 0);
    return {
      scenario: 'default',
      name: requestName(i),
      method: 'GET',
      count: perRequest,
      rate: perRequest / seconds,
      failed: f,
      failedRate: f / perRequest,
      duration: trend(5 + i * 2),
      statuses: { 200: perRequest - f, 503: f },
    };
  });
  return {
    version: 1,
    tool: { name: 'loadsmith', version: '0.1.0', node: process.versions.node },
    plan: { name: shape.plan },
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
      iterations: { type: 'counter', unit: 'count', count: perRequest, rate: 10 },
      checks: { type: 'rate', rate: 1, passes: total, fails: 0 }, // the seed's failing checks are not in these totals
    },
    requests,
    // Every thousandth request's check fails a tenth of the time (none of the fifty).
    checks: requests.map((r, i) => {
      const fails = i % 1000 === 999 ? r.count / 10 + i / 1000 : 0;
      return {
        scenario: 'default',
        group: '',
        request: r.name,
        name: 'status is 200',
        passes: r.count - fails,
        fails,
        ...(fails > 0 ? { failure: 'got 503' } : {}),
      };
    }),
    groups: [],
    thresholds: [{ metric: 'http_req_duration', expression: 'p(95)<500', ok: true, value: 63, abortOnFail: false }],
    statuses: { 200: total - failed, 503: failed },
    errors: [],
    extractFailures: [],
    scenarios: [
      {
        name: 'default',
        executor: 'constant-vus',
        description: `50 VUs for ${shape.seconds} s`,
        maxVus: 50,
        iterations: perRequest,
        interrupted: 0,
        dropped: 0,
      },
    ],
    generator: { workers: 1, cpus: 2, cpuMax: 0.3, cpuAvg: 0.3, eluMax: 0.4, loopDelayP99MaxMs: 2 },
    notes: [],
    timeline,
  };
}

/** Writes the run (plan snapshot, info, a sample a second, summary) into the store of `dataDir`. */
export function seedLongRun(dataDir: string, shape = LONG_RUN): void {
  const store = openStore({ dataDir });
  try {
    const timeline = Array.from({ length: shape.seconds }, (_, s) => timelinePoint(shape, s + 1));
    const summary = summaryOf(shape, timeline);
    const info: RunInfo = {
      plan: shape.plan,
      scenarios: [
        { name: 'default', executor: 'constant-vus', description: `50 VUs for ${shape.seconds} s`, maxVus: 50 },
      ],
      vusMax: 50,
      maxDurationMs: (shape.seconds + 30) * 1000,
      workers: 1,
    };
    store.runs.create({
      id: shape.id,
      planId: null,
      planName: shape.plan,
      environment: null,
      plan: { version: 1, name: shape.plan },
      overrides: {},
      startedAt: summary.startedAt,
    });
    store.runs.setInfo(shape.id, info);
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
      store.runs.addSample(shape.id, i + 1, sample);
    });
    store.runs.finish(shape.id, {
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
