/**
 * The coordinator's worker threads as one pool: which are alive and which ready, messages to every live one, what
 * each reports back, and the abort's grace period. A worker that dies is gone from the pool; the start never waits
 * for a dead one, and the run ends when none is left.
 */
import type { WriterStats } from '../results/append-writer.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** What the pool needs of a worker thread (node:worker_threads' Worker, or a fake in tests). */
export interface PoolWorker {
  postMessage(message: ToWorker): void;
  terminate(): unknown;
  on(event: 'message', listener: (message: FromWorker) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
}

/** What the pool reports to the coordinator. */
export interface PoolListener {
  /** One second of a worker's measurements, as it sent them (not checked yet). */
  sample(worker: number, sample: unknown): void;
  /** A worker is gone: `why` when it failed, `last` when no worker is left. */
  gone(worker: number, why: string | undefined, last: boolean): void;
  /** A worker's raw-results files, written. */
  results(stats: readonly WriterStats[]): void;
  note(text: string): void;
}

export class WorkerPool {
  /** Every worker is ready or gone. */
  readonly ready: Promise<void>;
  /** Every worker is gone. */
  readonly ended: Promise<void>;
  private readonly alive: Set<number>;
  private readonly notReady: Set<number>;
  private resolveReady!: () => void;
  private resolveEnded!: () => void;
  private abortTimer: NodeJS.Timeout | undefined;
  private readonly workers: readonly PoolWorker[];
  private readonly listener: PoolListener;

  constructor(workers: readonly PoolWorker[], listener: PoolListener) {
    this.workers = workers;
    this.listener = listener;
    this.alive = new Set(workers.keys());
    this.notReady = new Set(workers.keys());
    this.ready = new Promise((r) => {
      this.resolveReady = r;
    });
    this.ended = new Promise((r) => {
      this.resolveEnded = r;
    });
    for (const [w, worker] of workers.entries()) {
      worker.on('message', (m) => this.received(w, worker, m));
      worker.on('error', (e) => this.gone(w, `worker ${w} crashed: ${e.message}`));
      worker.on('exit', () => this.gone(w));
    }
    if (workers.length === 0) {
      this.resolveReady();
      this.resolveEnded();
    }
  }

  /** Workers still running. */
  get size(): number {
    return this.alive.size;
  }

  /** Sends `message` to every live worker. */
  post(message: ToWorker): void {
    for (const [w, worker] of this.workers.entries()) if (this.alive.has(w)) worker.postMessage(message);
  }

  /** Workers unwind at once; one that does not within `graceMs` is terminated (its last second is lost). */
  abort(graceMs: number): void {
    this.post({ cmd: 'abort' });
    this.abortTimer ??= setTimeout(() => {
      for (const [w, worker] of this.workers.entries()) {
        if (this.alive.has(w)) {
          this.listener.note(`worker ${w} did not stop in time and was terminated; its last second of data is missing`);
          void worker.terminate();
        }
      }
    }, graceMs);
  }

  /** The run is over: no worker is left to terminate. */
  close(): void {
    clearTimeout(this.abortTimer);
  }

  private received(w: number, worker: PoolWorker, m: FromWorker): void {
    switch (m.cmd) {
      case 'ready':
        this.settled(w);
        break;
      case 'sample':
        this.listener.sample(w, m.sample);
        break;
      case 'fatal':
        // The worker cannot go on; the others keep measuring and its samples so far still count.
        this.gone(w, `worker ${w} failed: ${m.message}`);
        void worker.terminate();
        break;
      case 'done':
        if (m.results) this.listener.results(m.results);
        void worker.terminate();
        break;
    }
  }

  private settled(w: number): void {
    this.notReady.delete(w);
    if (this.notReady.size === 0) this.resolveReady();
  }

  private gone(w: number, why?: string): void {
    if (!this.alive.delete(w)) return;
    this.settled(w);
    const last = this.alive.size === 0;
    this.listener.gone(w, why, last);
    if (last) this.resolveEnded();
  }
}
