/** The message protocol between the coordinator (main thread) and its workers, keyed by `cmd`. */
import { performance } from 'node:perf_hooks';
import type { Plan } from '../../plan/schema/index.ts';
import type { SegmentSpec } from '../../base/segment-tuple.ts';
import type { Phase } from '../../metrics/sample.ts';
import type { PackedWireSample } from '../../metrics/series-pack.ts';
import type { FeederData } from '../data/feeders.ts';
import type { ResultOutput } from '../prepare.ts';
import type { WriterStats } from '../results/append-writer.ts';
import type { VuHeadroom } from '../control/headroom.ts';
import type { ControlEvent } from '../../plan/control.ts';

/** Everything a worker needs, passed as workerData (structured clone; the counters are shared memory). */
export interface WorkerInit {
  plan: Plan;
  env: Record<string, string | undefined>;
  worker: number;
  workers: number;
  /** Body files by path as written in the plan. */
  files: [string, Uint8Array][];
  feeders: FeederData[];
  /** Int32 counters shared by all workers: shared-iterations budgets, then unique feeders. */
  counters: SharedArrayBuffer;
  /** Index in `counters` of each shared-iterations scenario. */
  iterationCounters: Record<string, number>;
  userAgent: string;
  /** Raw-results files (absolute paths, already created) this worker appends its rows to. */
  outputs: ResultOutput[];
  /** Phases kept per series besides http_req_duration: those thresholds filter by tag (thresholds/series-phases.ts). */
  seriesPhases: Phase[];
  /** The execution segment this run is (`--segment`); absent: the whole test. */
  segment?: SegmentSpec;
  /** Mid-run control can scale these scenarios' VUs up to their ceiling (absent: the run cannot be scaled). */
  vuHeadroom?: Record<string, VuHeadroom>;
  /** What setup extracted: every VU starts with these variables (read-only: validation keeps any step from writing them). */
  setupData?: Record<string, unknown>;
  /** Compact the heap once the plan is compiled, before reporting ready (the CLI's runs: heap-compaction.ts). */
  compactHeap?: boolean;
}

export type ToWorker =
  | { cmd: 'start'; t0: number }
  | { cmd: 'stop' }
  | { cmd: 'abort' }
  /** Mid-run control (control/worker-control.ts). */
  | { cmd: 'control'; event: ControlEvent };

export type FromWorker =
  | { cmd: 'ready' }
  | { cmd: 'sample'; sample: PackedWireSample }
  | { cmd: 'done'; results?: WriterStats[] }
  | { cmd: 'fatal'; message: string };

/** Wall-clock milliseconds comparable across threads (each thread's performance.timeOrigin differs). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
