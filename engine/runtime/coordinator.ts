/**
 * The coordinator (main thread): splits the plan's VUs across worker threads, starts them on a common clock,
 * merges their per-second samples into ticks and totals, evaluates thresholds while running (abortOnFail),
 * handles stop/abort, and builds the summary. A worker that dies is reported; the others' numbers still count.
 */
import { availableParallelism } from 'node:os';
import { RunAggregate } from '../metrics/aggregate.ts';
import { liveTotals } from '../metrics/live-totals.ts';
import { WireSample, type Sample } from '../metrics/sample.ts';
import { SeriesKeyTable } from '../metrics/series-keys.ts';
import { unpackWire } from '../metrics/series-pack.ts';
import { buildSummary, type Summary } from '../metrics/summary.ts';
import { Thresholds } from '../metrics/thresholds/evaluate.ts';
import { seriesPhases } from '../metrics/thresholds/series-phases.ts';
import { RunTimeline } from '../metrics/run-timeline.ts';
import { timelineNotes } from '../metrics/timeline-notes.ts';
import { closedWindows, findStalls } from '../metrics/stalls.ts';
import { planMaxDurationMs } from '../plan/schedule.ts';
import type { Plan } from '../plan/schema/index.ts';
import { USER_AGENT, VERSION } from '../version.ts';
import { CoordinatorControl, SEGMENT_REFUSAL } from './control/coordinator-control.ts';
import { CpuMeter, generatorNote } from './generator-load.ts';
import { IntervalCollector } from './intervals.ts';
import type { PreparedRun } from './prepare.ts';
import { createResultFiles } from './results/files.ts';
import { resultNotes } from './results/notes.ts';
import { StepListRun, teardownNotes } from './run-steps.ts';
import { RunState } from './run-state.ts';
import { planHash, runScenarios, segmentTuple, shardData } from './segment-run.ts';
import type { WriterStats } from './results/append-writer.ts';
import type { RunHandle, RunInfo, Tick } from './run-handle.ts';
import { customTags } from './tags.ts';
import { startTimer, stopTimer } from './timers.ts';
import { epochNow, type ToWorker, type WorkerInit } from './worker/protocol.ts';
import { WorkerPool } from './worker/pool.ts';
import { startWorker, workerSource } from './worker/source.ts';
import { compactHeap, heapCompactionAllowed } from './heap-compaction.ts';

const ABORT_GRACE_MS = 5_000;
/**
 * A worker allocates fast (every request's promises and results) but keeps little of it. Left alone, V8 grows a
 * busy worker's young generation up to 134 MB on a machine with a large heap limit (it sizes it from the old
 * generation's); 24 MB caps it at 8 MB semi-spaces, which scavenge the short-lived request objects as well: 50 MB
 * less RSS at 4 workers with one request name, ~150 MB less with 10,000, the same CPU per request within the noise.
 * The CLI holds every nursery at its starting 1 MB semi-spaces (cli/young-generation.ts): this cap is for the
 * engine's other users.
 */
const WORKER_YOUNG_GENERATION_MB = 24;

export async function coordinate(run: PreparedRun, handle: RunHandle): Promise<Summary> {
  const { plan } = run;
  // The whole plan, or an execution segment's share of it (--segment): VUs, iterations, arrivals.
  const tuple = segmentTuple(run.segment);
  const { scenarios, notes: segmentNotes } = runScenarios(plan, tuple);
  const vusMax = scenarios.reduce((n, s) => n + s.maxVus, 0);
  const workerCount = Math.max(1, Math.min(run.workers ?? Math.max(1, availableParallelism() - 1), vusMax));
  // Of the whole plan, steps included: the coordinator forgets its scenarios' steps once the workers have them.
  const shardHash = run.segment ? planHash(plan) : undefined;
  const thresholds = new Thresholds(plan.thresholds, customTags(plan));
  const keptPhases = seriesPhases(plan.thresholds, customTags(plan));
  let t0 = 0;
  const testNow = (): number | undefined => (t0 > 0 ? epochNow() - t0 : undefined);
  // Mid-run pause/resume/scale (control/): refused for a segment; each change goes to every worker.
  const ctl = new CoordinatorControl({
    plan,
    scenarios,
    segmented: run.segment !== undefined,
    now: testNow,
    send: (event) => post({ cmd: 'control', event }),
  });
  const info: RunInfo = {
    plan: plan.name,
    scenarios: ctl.info(scenarios),
    vusMax,
    maxDurationMs: planMaxDurationMs(plan),
    workers: workerCount,
    ...(run.segment ? { controlRefusal: SEGMENT_REFUSAL } : {}),
  };
  const counters = new SharedArrayBuffer(4 * Math.max(1, run.counterCount));
  // Created (and refused when not writable) before any worker starts; workers append.
  const outputs = await createResultFiles(run.outputs, run.file);
  const written: WriterStats[] = [];

  const agg = new RunAggregate();
  const collector = new IntervalCollector(workerCount);
  // Bounded whatever the run's length and number of request names (run-timeline.ts).
  const timeline = new RunTimeline({ shard: run.segment !== undefined });
  const closed = closedWindows(scenarios);
  const notes: string[] = [...segmentNotes];
  const totals = { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 };
  let finishedAt = 0;
  // Before the CPU meter starts: the first run in a checkout may build the worker bundle first (worker/source.ts).
  const source = run.workerUrl ? { url: run.workerUrl } : await workerSource();
  const cpu = new CpuMeter();

  // Stop requests reach whatever runs: setup, the workers, then teardown (run-state.ts).
  let steps: StepListRun | undefined;
  const state = new RunState({
    workers: { stop: () => post({ cmd: 'stop' }), abort: () => pool.abort(ABORT_GRACE_MS) },
    steps: { interrupt: (reason) => steps?.interrupt(reason) },
    control: ctl.control,
    note: (text) => notes.push(text),
  });
  handle.attach({ stop: () => state.stop(), abort: () => state.abort(), control: ctl.control });
  const stepsInput = { plan, env: run.env, files: run.files, userAgent: USER_AGENT };
  let setupData: Record<string, unknown> = {};
  // Setup's and teardown's measurements join the totals at the end: they are no second of the timeline.
  const stepSamples: Sample[] = [];
  if (plan.setup) {
    if (state.stopRequested) return summarize();
    // The run has started when setup starts: the app records it and can stop it, the CLI prints its header.
    handle.emit('start', info);
    steps = new StepListRun('setup', stepsInput, {});
    const r = await steps.run();
    stepSamples.push(r.sample);
    if (r.ended !== undefined) {
      state.setupEnded(r.ended);
      return summarize();
    }
    setupData = r.data;
  }

  // The garbage of parsing and validating the plan is returned before the workers add theirs (heap-compaction.ts).
  const compact = heapCompactionAllowed();
  if (compact) await compactHeap();
  const started = Array.from({ length: workerCount }, (_, w) => {
    const init: WorkerInit = {
      plan,
      env: run.env,
      worker: w,
      workers: workerCount,
      files: run.files,
      feeders: run.feeders,
      seriesPhases: keptPhases,
      counters,
      iterationCounters: run.iterationCounters,
      userAgent: USER_AGENT,
      outputs,
      setupData,
      ...(compact ? { compactHeap: true } : {}),
      ...(run.segment ? { segment: run.segment } : {}),
      ...(ctl.headroom ? { vuHeadroom: ctl.headroom } : {}),
    };
    return startWorker(source, {
      workerData: init,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
  });
  forgetScenarioSteps(plan);
  // Each worker names its series by number (metrics/series-keys.ts): one table per worker reads them back.
  const keys = started.map(
    () =>
      new SeriesKeyTable(
        (key) => agg.keyOf(key),
        (key) => agg.checkKeyOf(key),
      ),
  );
  const pool = new WorkerPool(started, {
    sample: (w, raw) => {
      const sample = readSample(raw, keys[w] as SeriesKeyTable);
      if (typeof sample === 'string') {
        notes.push(`worker ${w} sent a malformed sample: ${sample}`);
        return;
      }
      agg.add(sample);
      collector.add(sample);
      emitTicks();
    },
    gone: (w, why, last) => {
      if (why) state.workerFailed(why);
      collector.markFinished(w);
      emitTicks();
      if (last) {
        finishedAt = epochNow();
        emitTicks();
      }
    },
    results: (stats) => written.push(...stats),
    note: (text) => notes.push(text),
  });
  const post = (m: ToWorker): void => pool.post(m);

  function emitTicks(): void {
    if (t0 === 0) return;
    for (const { interval, samples, last } of collector.release()) {
      const elapsedS = last ? Math.max(interval, (epochNow() - t0) / 1000) : interval + 1;
      const t = Math.min(interval + 1, elapsedS);
      const { point, duration } = timeline.add(samples, t, t - interval, cpu.take());
      ctl.interval(samples, interval, t - interval);
      totals.reqs += point.reqs;
      totals.failed += point.failed;
      totals.iterations += point.iterations;
      totals.checksPass += point.checksPass;
      totals.checksFail += point.checksFail;
      totals.errors += point.errors;
      const now = ctl.tick(interval);
      const states = thresholds.evaluate(agg, { elapsedS: t, vus: point.vus, vusMax: now.vusMax });
      const tick: Tick = {
        ...point,
        elapsedMs: Math.round(t * 1000),
        ...now,
        totals: { ...totals },
        thresholds: states,
        live: { ...liveTotals(agg, t, { requests: run.liveRequests }), stalls: findStalls(timeline.points, closed) },
        ...(duration ? { durationHistogram: duration } : {}),
      };
      handle.emit('tick', tick);
      // Streaming outputs (engine/outputs) label their metrics from the interval's series, which the tick merges.
      handle.emit('interval', tick, samples);
      const failing = thresholds.abortReason(states, tick.elapsedMs);
      if (failing) state.thresholdFailed(`${failing.metric}: ${failing.expression}`);
    }
  }

  state.workersStarted();

  await pool.ready;
  state.workersReady();
  if (pool.size > 0) {
    t0 = epochNow() + 50;
    if (!plan.setup) handle.emit('start', info);
    post({ cmd: 'start', t0 });
  }
  // A safety net: never run (much) past the longest possible duration.
  const watchdog = startTimer(() => state.overdue(), info.maxDurationMs + 30_000);
  await pool.ended;
  state.workersEnded();
  stopTimer(watchdog);
  pool.close();
  if (plan.teardown) {
    state.teardownStarted();
    steps = new StepListRun('teardown', stepsInput, setupData);
    const r = await steps.run();
    stepSamples.push(r.sample);
    notes.push(...teardownNotes(r));
  }
  // The workers are gone; what the run's seconds left behind is returned before the summary is built.
  if (compact) await compactHeap();
  return summarize();

  function summarize(): Summary {
    const durationMs = t0 > 0 ? Math.max(0, Math.round(finishedAt - t0)) : 0;
    const points = timeline.points;
    const charted = timelineNotes(agg, timeline);
    for (const sample of stepSamples) agg.add(sample);
    const states = thresholds.evaluate(agg, {
      elapsedS: durationMs / 1000,
      vus: points.at(-1)?.vus ?? 0,
      vusMax: ctl.control.vusMax(),
    });
    const interrupted = [...agg.iterations.values()].reduce((n, i) => n + i.interrupted, 0);
    if (outputs.length > 0) notes.push(...resultNotes(outputs, written, totals.reqs));
    const busy = generatorNote(points);
    if (busy) notes.push(busy);
    notes.push(...charted);
    if (interrupted > 0)
      notes.push(
        `${interrupted} iteration${interrupted === 1 ? ' was' : 's were'} interrupted (not counted in iterations)`,
      );
    if (state.stoppedBy === 'stopped')
      notes.unshift('stopped early by the user: running iterations were given their gracefulStop');
    if (state.stoppedBy === 'aborted') notes.unshift('aborted by the user: running iterations were interrupted');
    const summary = buildSummary({
      agg,
      thresholds: states,
      timeline: points,
      scenarios,
      plan: { name: plan.name, ...(run.file ? { file: run.file } : {}) },
      startedAt: new Date(t0 || epochNow()),
      durationMs,
      stoppedBy: state.stoppedBy,
      vusMax: ctl.vusMax,
      control: ctl.summary(durationMs),
      workers: workerCount,
      cpus: availableParallelism(),
      version: VERSION,
      notes,
      trendStats: plan.summaryTrendStats,
    });
    // A run whose setup failed, or that an engine error stopped, did not pass, whatever its thresholds say: they saw
    // no scenario, or only what ran before the error.
    if (state.stoppedBy === 'setup' || state.stoppedBy === 'error') summary.status = 'failed';
    if (shardHash !== undefined) summary.shard = shardData(plan, shardHash, tuple, agg, timeline.seconds);
    return summary;
  }
}

/**
 * Each worker has its own copy of the plan once it is made (a Worker copies its workerData as it is constructed), and
 * the coordinator never runs a scenario's steps: their lists go from the run's own validated copy (prepare.ts). A
 * 10,000-step recording's held ~7.5 MB of the coordinator's heap for the whole run. Setup and teardown stay.
 */
function forgetScenarioSteps(plan: Plan): void {
  for (const sc of Object.values(plan.scenarios)) sc.steps = [];
}

/** A worker's sample as received: its packed series unpacked, checked, its keys put back; or what is wrong with it. */
function readSample(raw: unknown, keys: SeriesKeyTable): Sample | string {
  const unpacked = unpackWire(raw);
  if (typeof unpacked === 'string') return unpacked;
  const parsed = WireSample.safeParse(unpacked.wire);
  return parsed.success ? keys.fromWire(parsed.data) : parsed.error.message;
}
