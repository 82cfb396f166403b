/**
 * The end-of-test summary as data: everything the text summary prints and --summary-json writes.
 * Time values are milliseconds; rates are per second over the measured test time.
 */
import { Histogram } from './histogram.ts';
import type { RunAggregate } from './aggregate.ts';
import { METRICS } from '../base/metric-registry.ts';
import type { ControlSummary } from './phases.ts';
import type { ShardData } from './shard.ts';
import { scenarioNumbers, scenarioTotals, type ScenarioChecks, type ScenarioRequests } from './scenario-requests.ts';
import { closedWindows, findStalls, type Stall } from './stalls.ts';
import type { ThresholdState } from './thresholds/evaluate.ts';
import type { TimelinePoint } from './timeline.ts';
import { trendStats, type TrendStats } from './trend.ts';
import { chosenPercentiles, trendStatList } from '../base/trend-stats.ts';
import { StatusCounts } from './status-counts.ts';

export type MetricSummary =
  | ({ type: 'trend'; unit: 'ms' } & TrendStats)
  | { type: 'counter'; unit: string; count: number; rate: number }
  | { type: 'rate'; rate: number; passes: number; fails: number }
  | { type: 'gauge'; value: number; min: number; max: number };

export interface RequestSummary {
  scenario: string;
  name: string;
  method: string;
  count: number;
  rate: number;
  failed: number;
  failedRate: number;
  duration: TrendStats;
  statuses: Record<string, number>;
}

export interface ScenarioSummary {
  name: string;
  executor: string;
  description: string;
  maxVus: number;
  iterations: number;
  interrupted: number;
  dropped: number;
  /**
   * The HTTP requests and gRPC calls this scenario made: count, rate over its own active time, failed, latency.
   * Absent when it made none, and in summaries written before it existed.
   */
  requests?: ScenarioRequests;
  /** This scenario's checks; absent when it had none, and in summaries written before it existed. */
  checks?: ScenarioChecks;
  /**
   * Open model. `planned`: the iterations the plan's schedule starts (this run's share of them); `scheduled`: those
   * that came due (started or dropped); `started`. targetRate: the plan's — planned over the regular duration —
   * in a run that completed, and what came due over the active time in one stopped early; achievedRate: started
   * over the scenario's active time (dropped or missing starts make them differ). A scenario changed mid-run
   * (paused, scaled) has as target its phases' targets over their seconds: the plan's until the first change.
   */
  arrival?: {
    planned?: number;
    scheduled: number;
    started: number;
    targetRate: number;
    achievedRate: number;
    lagP95: number;
    lagMax: number;
  };
}

/** `setup`: setup failed, so no scenario started (the run's notes say why). */
export type StopReason = 'completed' | 'stopped' | 'aborted' | 'threshold' | 'error' | 'setup';

export interface Summary {
  /** Summary format version. */
  version: 1;
  tool: { name: 'loadsmith'; version: string; node: string };
  plan: { name: string; file?: string };
  /** passed: every threshold held; failed: one did not. */
  status: 'passed' | 'failed';
  /** completed normally, stopped (graceful, Ctrl-C), aborted (hard stop), threshold (abortOnFail), error (a worker failed), setup (it failed). */
  stoppedBy: StopReason;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  /** Shortcuts for scripts: requests, requests per second, http_req_duration p50 and p99 in milliseconds. */
  _total: number;
  _rps: number;
  _p50: number;
  _p99: number;
  metrics: Record<string, MetricSummary>;
  requests: RequestSummary[];
  checks: {
    scenario: string;
    group: string;
    request: string;
    name: string;
    passes: number;
    fails: number;
    failure?: string;
  }[];
  groups: { scenario: string; group: string; duration: TrendStats }[];
  thresholds: ThresholdState[];
  statuses: Record<string, number>;
  errors: { kind: string; scenario: string; request: string; count: number; message: string }[];
  extractFailures: { scenario: string; request: string; variable: string; count: number; message: string }[];
  scenarios: ScenarioSummary[];
  /** The load generator: threads, cores, and how busy it got (CPU share of all cores, worst worker event loop). */
  generator: {
    workers: number;
    cpus: number;
    cpuMax: number;
    cpuAvg: number;
    eluMax: number;
    loopDelayP99MaxMs: number;
  };
  notes: string[];
  /**
   * Stalls a closed model hid: seconds in which throughput collapsed while VUs were busy, waiting on the target
   * (stalls.ts). Absent in summaries written before it existed.
   */
  stalls?: Stall[];
  /**
   * The statistics the reports show for trend metrics (k6's summaryTrendStats, from the plan or
   * --summary-trend-stats), in order. Every trend carries count, avg, min, med, max, p90, p95 and p99, and `pN`
   * for each further chosen p(N). Absent in summaries written before it existed: the default list.
   */
  summaryTrendStats?: string[];
  timeline: TimelinePoint[];
  /**
   * Mid-run control (pause, resume, scale): every change with its test time, and the phases between them, each
   * scenario's target next to what it achieved. Absent when nothing was changed.
   */
  control?: ControlSummary;
  /** Execution segments only (`run --segment`, `merge`): the data to merge this run with the other segments'. */
  shard?: ShardData;
  /**
   * A run cut off before it could sum itself up (the app was killed): this summary was rebuilt from the seconds it
   * had stored (partial-summary.ts). `unknown` lists what those seconds do not hold.
   */
  partial?: PartialInfo;
}

export interface PartialInfo {
  reason: string;
  /** Seconds of the run the stored points cover. */
  seconds: number;
  unknown: string[];
}

export interface SummaryInput {
  agg: RunAggregate;
  thresholds: ThresholdState[];
  timeline: TimelinePoint[];
  scenarios: (Omit<ScenarioSummary, 'iterations' | 'interrupted' | 'dropped' | 'arrival'> & {
    startMs: number;
    regularMs: number;
    planned?: number;
  })[];
  plan: { name: string; file?: string };
  startedAt: Date;
  durationMs: number;
  stoppedBy: StopReason;
  vusMax: number;
  workers: number;
  cpus: number;
  version: string;
  notes: string[];
  /** summaryTrendStats (valid names); the default list when not given. */
  trendStats?: readonly string[] | undefined;
  /** Mid-run changes and their phases; undefined when none. */
  control?: ControlSummary | undefined;
}

export function buildSummary(i: SummaryInput): Summary {
  const { agg } = i;
  const extra = chosenPercentiles(i.trendStats);
  const stats = (h: Histogram): TrendStats => trendStats(h, extra);
  const seconds = i.durationMs / 1000;
  const perS = (n: number): number => (seconds > 0 ? n / seconds : 0);
  const phase = agg.phases;
  let reqs = 0,
    failed = 0,
    sent = 0,
    received = 0;
  const statuses = new StatusCounts();
  // Each request's series' duration histograms, merged only when a request has several (statuses, tags): with
  // thousands of request names, a copy of every histogram was the summary's largest allocation.
  const byRequest = new Map<string, Omit<RequestSummary, 'statuses'> & { hists: Histogram[]; codes: StatusCounts }>();
  const none = stats(new Histogram());
  for (const s of agg.series.values()) {
    reqs += s.reqs;
    failed += s.failed;
    sent += s.sent;
    received += s.received;
    statuses.add(s.key.status, s.reqs);
    const id = `${s.key.scenario}\u0000${s.key.request}\u0000${s.key.method}`;
    let r = byRequest.get(id);
    if (!r) {
      r = {
        scenario: s.key.scenario,
        name: s.key.request,
        method: s.key.method,
        count: 0,
        rate: 0,
        failed: 0,
        failedRate: 0,
        duration: none,
        hists: [],
        codes: new StatusCounts(),
      };
      byRequest.set(id, r);
    }
    r.count += s.reqs;
    r.failed += s.failed;
    r.codes.add(s.key.status, s.reqs);
    r.hists.push(s.hist.duration);
  }
  // WebSocket handshakes and frames count as data too (as in k6): their steps record them as tagged counters.
  sent += agg.tagged.read('data_sent', {}).count;
  received += agg.tagged.read('data_received', {}).count;
  const iterH = new Histogram();
  const lagH = new Histogram();
  let iterations = 0;
  for (const it of agg.iterations.values()) {
    iterations += it.completed;
    iterH.add(it.duration);
    lagH.add(it.lag);
  }
  const groupH = new Histogram();
  for (const g of agg.groups.values()) groupH.add(g.duration);
  let checkPass = 0,
    checkFail = 0;
  for (const c of agg.checks.values()) {
    checkPass += c.pass;
    checkFail += c.fail;
  }
  const dropped = [...agg.dropped.values()].reduce((a, b) => a + b, 0);
  const vusSeen = i.timeline.map((p) => p.vus);

  const trend = (h: Histogram): MetricSummary => ({ type: 'trend', unit: 'ms', ...stats(h) });
  const metrics: Record<string, MetricSummary> = {
    http_reqs: { type: 'counter', unit: 'count', count: reqs, rate: perS(reqs) },
    http_req_failed: { type: 'rate', rate: reqs ? failed / reqs : 0, passes: failed, fails: reqs - failed },
    http_req_duration: trend(phase.duration),
    http_req_blocked: trend(phase.blocked),
    http_req_looking_up: trend(phase.lookup),
    http_req_connecting: trend(phase.connecting),
    http_req_tls_handshaking: trend(phase.tls),
    http_req_sending: trend(phase.sending),
    http_req_waiting: trend(phase.waiting),
    http_req_receiving: trend(phase.receiving),
    data_sent: { type: 'counter', unit: 'bytes', count: sent, rate: perS(sent) },
    data_received: { type: 'counter', unit: 'bytes', count: received, rate: perS(received) },
    iterations: { type: 'counter', unit: 'count', count: iterations, rate: perS(iterations) },
    iteration_duration: trend(iterH),
    vus: {
      type: 'gauge',
      value: vusSeen.at(-1) ?? 0,
      min: vusSeen.length ? Math.min(...vusSeen) : 0,
      max: vusSeen.length ? Math.max(...vusSeen) : 0,
    },
    vus_max: { type: 'gauge', value: i.vusMax, min: i.vusMax, max: i.vusMax },
  };
  if (checkPass + checkFail > 0)
    metrics.checks = { type: 'rate', rate: checkPass / (checkPass + checkFail), passes: checkPass, fails: checkFail };
  if (!groupH.isEmpty) metrics.group_duration = trend(groupH);
  if (!lagH.isEmpty) metrics.iteration_lag = trend(lagH);
  if (dropped > 0) metrics.dropped_iterations = { type: 'counter', unit: 'count', count: dropped, rate: perS(dropped) };
  for (const m of Object.values(METRICS)) {
    if (!m.tagged || !agg.tagged.has(m.name)) continue;
    const { count, hist } = agg.tagged.read(m.name, {});
    metrics[m.name] =
      m.type === 'trend' ? trend(hist ?? new Histogram()) : { type: 'counter', unit: m.unit, count, rate: perS(count) };
  }
  for (const name of Object.keys(metrics))
    if (!METRICS[name]) throw new Error(`summary metric ${name} is not in the registry`);

  const durationStats = trendStats(phase.duration);
  const perScenario = scenarioTotals(agg);
  return {
    version: 1,
    tool: { name: 'loadsmith', version: i.version, node: process.versions.node },
    plan: i.plan,
    status: i.thresholds.every((t) => t.ok) ? 'passed' : 'failed',
    stoppedBy: i.stoppedBy,
    startedAt: i.startedAt.toISOString(),
    endedAt: new Date(i.startedAt.getTime() + i.durationMs).toISOString(),
    durationMs: i.durationMs,
    _total: reqs,
    _rps: perS(reqs),
    _p50: durationStats.med,
    _p99: durationStats.p99,
    metrics,
    requests: [...byRequest.values()].map(({ hists, codes, ...r }) => ({
      ...r,
      statuses: codes.toObject(),
      rate: perS(r.count),
      failedRate: r.count ? r.failed / r.count : 0,
      duration: stats(mergedOf(hists)),
    })),
    checks: [...agg.checks.values()].map((c) => ({
      scenario: c.key.scenario,
      group: c.key.group,
      request: c.key.request,
      name: c.key.check,
      passes: c.pass,
      fails: c.fail,
      ...(c.failure ? { failure: c.failure } : {}),
    })),
    groups: [...agg.groups.values()].map((g) => ({
      scenario: g.scenario,
      group: g.group,
      duration: stats(g.duration),
    })),
    thresholds: i.thresholds,
    statuses: statuses.toObject(),
    errors: [...agg.errors.values()].sort((a, b) => b.count - a.count),
    extractFailures: [...agg.extractFailures.values()].sort((a, b) => b.count - a.count),
    scenarios: i.scenarios.map(({ startMs, regularMs, planned, ...s }) => {
      const it = agg.iterations.get(s.name);
      // The scenario's active time: its regular duration, or less when the test was stopped early.
      const activeS = Math.max(0.001, Math.min(regularMs, i.durationMs - startMs) / 1000);
      const out: ScenarioSummary = {
        ...s,
        iterations: it?.completed ?? 0,
        interrupted: it?.interrupted ?? 0,
        dropped: agg.dropped.get(s.name) ?? 0,
        ...scenarioNumbers(perScenario.get(s.name), activeS, stats),
      };
      if (it && it.scheduled > 0) {
        const lag = trendStats(it.lag);
        // Never shrunk to what came due: an arrival the generator lost shows as a shortfall, not a lower target.
        const controlled = i.control ? controlledTarget(i.control, s.name) : undefined;
        const targetRate =
          controlled ??
          (i.stoppedBy === 'completed' && planned !== undefined && regularMs > 0
            ? planned / (regularMs / 1000)
            : it.scheduled / activeS);
        out.arrival = {
          ...(planned === undefined ? {} : { planned }),
          scheduled: it.scheduled,
          started: it.started,
          targetRate,
          achievedRate: it.started / activeS,
          lagP95: lag.p95,
          lagMax: lag.max,
        };
      }
      return out;
    }),
    generator: {
      workers: i.workers,
      cpus: i.cpus,
      cpuMax: Math.max(0, ...i.timeline.map((p) => p.generator.cpu)),
      cpuAvg: i.timeline.length
        ? i.timeline.reduce((a, p) => a + p.generator.cpu * p.span, 0) /
          Math.max(
            1e-9,
            i.timeline.reduce((a, p) => a + p.span, 0),
          )
        : 0,
      eluMax: Math.max(0, ...i.timeline.map((p) => p.generator.elu)),
      loopDelayP99MaxMs: Math.max(0, ...i.timeline.map((p) => p.generator.loopDelayP99Ms)),
    },
    notes: i.notes,
    stalls: findStalls(i.timeline, closedWindows(i.scenarios)),
    summaryTrendStats: trendStatList(i.trendStats).map((t) => t.label),
    timeline: i.timeline,
    ...(i.control ? { control: i.control } : {}),
  };
}

/**
 * The target rate of an open-model scenario changed mid-run: its phases' targets (the plan's until the first change,
 * then each scale's rate, none while paused) over the seconds it ran in each. Undefined when it ran in no phase.
 */
function controlledTarget(control: ControlSummary, scenario: string): number | undefined {
  let iterations = 0;
  let seconds = 0;
  for (const p of control.phases) {
    const sc = p.scenarios.find((x) => x.name === scenario);
    if (!sc || sc.seconds <= 0) continue;
    iterations += (sc.target.rate?.average ?? 0) * sc.seconds;
    seconds += sc.seconds;
  }
  return seconds > 0 ? iterations / seconds : undefined;
}

/** One histogram of several; the only one itself, not a copy. */
function mergedOf(hists: readonly Histogram[]): Histogram {
  if (hists.length === 1) return hists[0] as Histogram;
  const merged = new Histogram();
  for (const h of hists) merged.add(h);
  return merged;
}
