/**
 * Worker thread entry: runs its share of every scenario and reports metrics once per second, aligned on the
 * test's start time shared by all workers. No per-request messages cross threads.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Dispatchers } from '../http/dispatchers.ts';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { SeriesKeyIds } from '../../metrics/series-keys.ts';
import { SeriesPacker } from '../../metrics/series-pack.ts';
import { parseDuration } from '../../base/duration.ts';
import { ResultsSink } from '../results/sink.ts';
import { WorkerControl } from '../control/worker-control.ts';
import { HealthMonitor } from './health.ts';
import { loadStepPackages } from '../protocol-packages.ts';
import { compactHeap } from '../heap-compaction.ts';
import { buildScenarioRuns, connectionLimit } from './setup.ts';
import type { ScenarioRunner } from '../executors/runner.ts';
import { epochNow, type FromWorker, type ToWorker, type WorkerInit } from './protocol.ts';

if (!parentPort) throw new Error('engine/runtime/worker/main.ts must run in a worker thread');
const port = parentPort;
const init = workerData as WorkerInit;
const send = (m: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);

// Per series, the phases that thresholds filter by tag (plus http_req_duration); every phase's totals regardless.
const recorder = new MetricsRecorder(init.seriesPhases);
const dispatchers = new Dispatchers(init.plan.defaults?.http, {
  connections: connectionLimit(init),
  connectTimeoutMs: parseDuration(init.plan.defaults?.timeout ?? '') ?? 60_000,
  files: new Map(init.files.map(([p, d]) => [p, Buffer.from(d.buffer, d.byteOffset, d.byteLength)])),
  env: init.env,
});

const results = init.outputs.length > 0 ? new ResultsSink(init.outputs) : undefined;
let runs: ScenarioRunner[] = [];
let control: WorkerControl;
let t0 = 0; // performance.now() at the test start, in this thread
let interval = 0;
let flushTimer: NodeJS.Timeout | undefined;

const vus = (): Record<string, number> => Object.fromEntries(runs.map((r) => [r.name, r.takePeakVus()]));
const health = new HealthMonitor();
// Each series' key is sent once, then its number (series-keys.ts); a second's series go packed in one buffer,
// transferred (series-pack.ts).
const keyIds = new SeriesKeyIds();
const packer = new SeriesPacker();
const sendSample = (final: boolean, interval: number): void => {
  const sample = recorder.flush(init.worker, interval, final, vus(), { ids: keyIds, packer });
  const packed = packer.take();
  send(
    { cmd: 'sample', sample: keyIds.toWire({ ...sample, health: health.take() }, packed) },
    packed !== undefined ? [packed] : [],
  );
};

function scheduleFlush(): void {
  // Math.max: after the event loop was blocked past the next second, that second is due now (a negative delay
  // would print a TimeoutNegativeWarning).
  flushTimer = setTimeout(
    () => {
      sendSample(false, interval);
      interval++;
      control.sent(interval * 1000);
      scheduleFlush();
    },
    Math.max(0, t0 + (interval + 1) * 1000 - performance.now()),
  );
}

async function start(t0Epoch: number): Promise<void> {
  // Timers fire up to a millisecond or more late, and not equally late in every worker: wake a little early and
  // wait out the rest, so all workers start together (a fast target answers a request in far less than that).
  const delay = Math.max(0, t0Epoch - epochNow() - 2);
  await new Promise((r) => setTimeout(r, delay));
  const spinUntil = performance.now() + 5;
  while (epochNow() < t0Epoch && performance.now() < spinUntil) {
    /* at most a few ms, once per run */
  }
  t0 = performance.now();
  scheduleFlush();
  for (const r of runs) r.schedule(0);
  await Promise.all(runs.map((r) => r.done));
  clearTimeout(flushTimer);
  const last = Math.max(interval, Math.floor((performance.now() - t0) / 1000));
  sendSample(true, last);
  health.stop();
  // The files are complete before the coordinator hears 'done' (and resolves the run).
  const written = results ? await results.close() : undefined;
  await dispatchers.close();
  send(written ? { cmd: 'done', results: written } : { cmd: 'done' });
}

/**
 * The steps compile after the packages of gRPC and WebSocket steps are loaded, when the plan has such steps
 * (protocol-packages.ts). Messages wait in the port until the listener is added.
 */
async function prepare(): Promise<void> {
  await loadStepPackages(init.plan);
  try {
    runs = buildScenarioRuns(
      init,
      { dispatcher: dispatchers.default, recorder, userAgent: init.userAgent, ...(results ? { results } : {}) },
      recorder,
      dispatchers,
    );
  } catch (e) {
    throw new Error(`worker ${init.worker} could not prepare the plan: ${(e as Error).message}`, { cause: e });
  }
  control = new WorkerControl(runs);
  // Compiled, the plan's own step lists are not read again: a recording's 10,000 requests are ~165 bytes each.
  for (const sc of Object.values(init.plan.scenarios)) sc.steps = [];
  // What deserialising and compiling the plan left behind is returned before the test starts (heap-compaction.ts).
  if (init.compactHeap) await compactHeap();
  port.on('message', received);
  send({ cmd: 'ready' });
}

function received(m: ToWorker): void {
  switch (m.cmd) {
    case 'start':
      start(m.t0).catch((e: unknown) => send({ cmd: 'fatal', message: (e as Error).stack ?? String(e) }));
      break;
    case 'stop':
      for (const r of runs) r.endRegular();
      break;
    case 'abort':
      for (const r of runs) r.interrupt();
      break;
    case 'control':
      control.receive(m.event);
      break;
  }
}

prepare().catch((e: unknown) => send({ cmd: 'fatal', message: (e as Error).message }));
