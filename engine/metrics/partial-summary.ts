/**
 * The summary of a run that was cut off before it could sum itself up (the app killed mid-run), rebuilt from the
 * per-second points it had stored: exact counts up to the last stored second (requests, failures, bytes, iterations,
 * checks, errors, status codes), and exact http_req_duration percentiles when the points carry their histograms
 * (every tick does since they were added). What the points do not hold — the other phases, per-request, per-check
 * and per-scenario detail, error kinds — is left out and listed in `partial.unknown`, never guessed.
 */
import { Histogram, type EncodedHistogram } from './histogram.ts';
import type { MetricSummary, PartialInfo, ScenarioSummary, Summary } from './summary.ts';
import type { ThresholdState } from './thresholds/evaluate.ts';
import type { TimelinePoint } from './timeline.ts';
import { POINT_COUNTS } from './timeline-point.ts';
import { trendStats } from './trend.ts';
import { StatusCounts } from './status-counts.ts';

/** A stored second: a run tick without its live totals (what the app keeps per second). */
export interface StoredSecond extends TimelinePoint {
  elapsedMs: number;
  vusMax: number;
  thresholds: ThresholdState[];
  durationHistogram?: EncodedHistogram;
  /** The run's running totals at that second (not needed: the points' counts add up to them). */
  totals?: unknown;
}

export interface PartialRun {
  plan: { name: string };
  startedAt: Date;
  scenarios: Omit<ScenarioSummary, 'iterations' | 'interrupted' | 'dropped' | 'arrival'>[];
  vusMax: number;
  workers: number;
  cpus: number;
  version: string;
  /** Why the run has no summary of its own, for the notes. */
  reason: string;
}

export function partialSummary(seconds: readonly StoredSecond[], run: PartialRun): Summary {
  // Seconds stored by an older Loadsmith may lack a count (scheduled, started): 0.
  const sum = Object.fromEntries(POINT_COUNTS.map((c) => [c, seconds.reduce((n, p) => n + (p[c] ?? 0), 0)])) as Record<
    (typeof POINT_COUNTS)[number],
    number
  >;
  const counts = new StatusCounts();
  for (const p of seconds) counts.addAll(p.statuses);
  const statuses = counts.toObject();
  const last = seconds.at(-1);
  const durationMs = last?.elapsedMs ?? 0;
  const perS = (n: number): number => (durationMs > 0 ? n / (durationMs / 1000) : 0);
  const duration = mergedDuration(seconds);
  const unknown = [
    ...(duration ? [] : ['http_req_duration (these seconds carry no histograms: stored by an older Loadsmith)']),
    'the other timings (http_req_blocked, http_req_waiting, ...)',
    'iteration_duration',
    'per-request numbers',
    'checks by name',
    'errors by kind',
    ...(run.scenarios.length > 1 ? ['iterations per scenario'] : []),
  ];
  const vus = seconds.map((p) => p.vus);
  const metrics: Record<string, MetricSummary> = {
    http_reqs: { type: 'counter', unit: 'count', count: sum.reqs, rate: perS(sum.reqs) },
    http_req_failed: {
      type: 'rate',
      rate: sum.reqs ? sum.failed / sum.reqs : 0,
      passes: sum.failed,
      fails: sum.reqs - sum.failed,
    },
    ...(duration ? { http_req_duration: { type: 'trend', unit: 'ms', ...trendStats(duration) } as const } : {}),
    data_sent: { type: 'counter', unit: 'bytes', count: sum.dataSent, rate: perS(sum.dataSent) },
    data_received: { type: 'counter', unit: 'bytes', count: sum.dataReceived, rate: perS(sum.dataReceived) },
    iterations: { type: 'counter', unit: 'count', count: sum.iterations, rate: perS(sum.iterations) },
    vus: {
      type: 'gauge',
      value: vus.at(-1) ?? 0,
      min: vus.length ? Math.min(...vus) : 0,
      max: vus.length ? Math.max(...vus) : 0,
    },
    vus_max: { type: 'gauge', value: run.vusMax, min: run.vusMax, max: run.vusMax },
  };
  if (sum.checksPass + sum.checksFail > 0)
    metrics.checks = {
      type: 'rate',
      rate: sum.checksPass / (sum.checksPass + sum.checksFail),
      passes: sum.checksPass,
      fails: sum.checksFail,
    };
  if (sum.dropped > 0)
    metrics.dropped_iterations = { type: 'counter', unit: 'count', count: sum.dropped, rate: perS(sum.dropped) };
  const stats = duration ? trendStats(duration) : undefined;
  const covered = seconds.reduce((n, p) => n + p.span, 0);
  const partial: PartialInfo = { reason: run.reason, seconds: covered, unknown };
  const thresholds = last?.thresholds ?? [];
  const one = run.scenarios.length === 1;
  return {
    version: 1,
    tool: { name: 'loadsmith', version: run.version, node: process.versions.node },
    plan: run.plan,
    status: thresholds.every((t) => t.ok) ? 'passed' : 'failed',
    stoppedBy: 'error',
    startedAt: run.startedAt.toISOString(),
    endedAt: new Date(run.startedAt.getTime() + durationMs).toISOString(),
    durationMs,
    _total: sum.reqs,
    _rps: perS(sum.reqs),
    _p50: stats?.med ?? 0,
    _p99: stats?.p99 ?? 0,
    metrics,
    requests: [],
    checks: [],
    groups: [],
    thresholds,
    statuses,
    errors: [],
    extractFailures: [],
    scenarios: run.scenarios.map((s) => ({
      ...s,
      iterations: one ? sum.iterations : 0,
      interrupted: one ? sum.interrupted : 0,
      dropped: one ? sum.dropped : 0,
    })),
    generator: {
      workers: run.workers,
      cpus: run.cpus,
      cpuMax: Math.max(0, ...seconds.map((p) => p.generator.cpu)),
      cpuAvg: covered > 0 ? seconds.reduce((a, p) => a + p.generator.cpu * p.span, 0) / covered : 0,
      eluMax: Math.max(0, ...seconds.map((p) => p.generator.elu)),
      loopDelayP99MaxMs: Math.max(0, ...seconds.map((p) => p.generator.loopDelayP99Ms)),
    },
    notes: [
      `partial: ${run.reason}; this summary was rebuilt from the ${Math.round(covered)} s it had stored. Counts are exact up to then` +
        `${duration ? ', and so are the http_req_duration percentiles' : ''}; thresholds as evaluated at that second. Not known: ${unknown.join(', ')}`,
      ...(sum.errors > 0
        ? [`${sum.errors} request error${sum.errors === 1 ? '' : 's'} (their kinds are not kept per second)`]
        : []),
    ],
    timeline: seconds.map(
      ({ elapsedMs: _e, vusMax: _v, thresholds: _t, durationHistogram: _d, totals: _s, ...point }): TimelinePoint =>
        point,
    ),
    partial,
  };
}

/** The run's http_req_duration from every second's histogram, or undefined when a second with requests has none. */
function mergedDuration(seconds: readonly StoredSecond[]): Histogram | undefined {
  const all = new Histogram();
  const scratch = new Histogram();
  for (const p of seconds) {
    if (p.reqs === 0) continue;
    if (!p.durationHistogram) return undefined;
    try {
      all.add(Histogram.fromJSON(p.durationHistogram, scratch));
    } catch {
      return undefined; // an unreadable stored histogram: the percentiles are unknown, the counts still stand
    }
  }
  return all.isEmpty ? undefined : all;
}
