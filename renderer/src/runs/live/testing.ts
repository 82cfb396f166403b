/** Builders of per-second points and ticks for the dashboard's unit tests (not used by the app). */
import type { RunPoint, RunSummary, Tick } from './types.ts';

export function point(t: number, over: Partial<RunPoint> = {}): RunPoint {
  return {
    t,
    span: 1,
    vus: 5,
    reqs: 10,
    rps: 10,
    failed: 0,
    iterations: 2,
    interrupted: 0,
    dataSent: 0,
    dataReceived: 0,
    checksPass: 10,
    checksFail: 0,
    errors: 0,
    dropped: 0,
    scheduled: 0,
    started: 0,
    lag: null,
    generator: { cpu: 0.2, elu: 0.3, loopDelayP99Ms: 1 },
    latency: { avg: 5, p50: 4, p90: 8, p95: 9, p99: 12, max: 20 },
    requests: { 'List users': { reqs: 10, failed: 0, p50: 4, p95: 9, p99: 12, max: 20 } },
    statuses: { 200: 10 },
    elapsedMs: t * 1000,
    vusMax: 5,
    totals: { reqs: t * 10, failed: 0, iterations: t * 2, checksPass: t * 10, checksFail: 0, errors: 0 },
    thresholds: [],
    ...over,
  };
}

export function tick(t: number, over: Partial<Tick> = {}): Tick {
  return { ...point(t), live: { requests: [], statuses: {}, errors: [] }, ...over };
}

/** A minimal finished-run summary with the given requests and checks. */
export function summary(over: Partial<RunSummary> = {}): RunSummary {
  const trend = { count: 100, avg: 5, min: 1, med: 4, max: 20, p90: 8, p95: 9, p99: 12 };
  return {
    version: 1,
    tool: { name: 'loadsmith', version: '0', node: '24' },
    plan: { name: 'p' },
    status: 'passed',
    stoppedBy: 'completed',
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:00:10.000Z',
    durationMs: 10_000,
    _total: 100,
    _rps: 10,
    _p50: 4,
    _p99: 12,
    metrics: {},
    requests: [],
    checks: [],
    groups: [],
    thresholds: [],
    statuses: { 200: 100 },
    errors: [],
    extractFailures: [],
    scenarios: [],
    generator: { workers: 1, cpus: 2, cpuMax: 0.2, cpuAvg: 0.1, eluMax: 0.3, loopDelayP99MaxMs: 1 },
    notes: [],
    timeline: [],
    ...over,
    ...(over.requests
      ? {}
      : {
          requests: [
            {
              scenario: 'default',
              name: 'List users',
              method: 'GET',
              count: 100,
              rate: 10,
              failed: 2,
              failedRate: 0.02,
              duration: trend,
              statuses: { 200: 98, 500: 2 },
            },
          ],
        }),
  };
}
