/**
 * Runs import jobs in the import worker (worker.ts): started on first use, kept while the app runs (unref'd when
 * idle, so it never keeps a process alive), one job at a time in order. A job that runs too long or needs too much
 * memory stops the worker and fails with a message saying so; the next job starts a fresh one. The app shares one
 * per process (sharedImportWorker): its start, ~0.3 s of module loading, is paid once.
 */
import { Worker } from 'node:worker_threads';
import { ContractError } from '../../contract/errors.ts';
import { AnswerMessage, READY, type ImportJob } from './protocol.ts';

export interface ImportWorkerOptions {
  /** The worker's entry (a bundle's, in the desktop app); default: worker.ts beside this file. */
  url?: URL;
  /** A job running longer is stopped (default 2 minutes). */
  timeoutMs?: number;
  /** The worker's heap limit (default 2048 MB). */
  maxMemoryMb?: number;
}

interface Pending {
  id: number;
  job: ImportJob;
  params: unknown;
  label: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

const DEFAULT_URL = new URL('./worker.ts', import.meta.url);

export class ImportWorker {
  private worker: Worker | undefined;
  /** The worker has loaded its modules: a job's time limit counts from then. */
  private ready = false;
  private readonly queue: Pending[] = [];
  private running: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private readonly o: Required<ImportWorkerOptions>;

  constructor(o: ImportWorkerOptions = {}) {
    this.o = { url: o.url ?? DEFAULT_URL, timeoutMs: o.timeoutMs ?? 120_000, maxMemoryMb: o.maxMemoryMb ?? 2048 };
  }

  /** Runs a job; `label` (the file name) is what error messages name. */
  run<T>(job: ImportJob, params: unknown, label: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, params, label, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Stops the worker; jobs not finished fail. */
  async close(): Promise<void> {
    const w = this.worker;
    const waiting = this.queue.splice(0);
    this.fail(new ContractError('unsupported', 'the app is closing: the import was stopped'));
    for (const p of waiting)
      p.reject(new ContractError('unsupported', 'the app is closing: the import was not started'));
    if (w) await w.terminate();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    this.running = job;
    const w = this.start();
    w.ref();
    if (this.ready) this.startTimer();
    w.postMessage({ id: job.id, job: job.job, params: job.params });
  }

  private startTimer(): void {
    const job = this.running;
    if (!job) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fail(
        new ContractError(
          'invalid_params',
          `${job.label}: the import took longer than ${this.o.timeoutMs < 1000 ? `${this.o.timeoutMs} ms` : `${Math.round(this.o.timeoutMs / 1000)} s`} and was stopped: import a smaller part of it`,
        ),
      );
    }, this.o.timeoutMs);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.o.url, { resourceLimits: { maxOldGenerationSizeMb: this.o.maxMemoryMb } });
    this.worker = w;
    this.ready = false;
    w.on('message', (raw: unknown) => this.answer(raw));
    w.on('error', (e: Error & { code?: string }) => {
      const p = this.running;
      const what =
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the import needed more than ${this.o.maxMemoryMb} MB of memory and was stopped: import a smaller part of it`
          : `the import failed: ${e.message}`;
      this.fail(
        p
          ? new ContractError(
              e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'invalid_params' : 'internal',
              `${p.label}: ${what}`,
            )
          : undefined,
      );
    });
    w.on('exit', () => {
      if (this.worker === w)
        this.fail(
          new ContractError('internal', `${this.running?.label ?? 'import'}: the import worker ended unexpectedly`),
        );
    });
    return w;
  }

  private answer(raw: unknown): void {
    if (raw === READY) {
      this.ready = true;
      this.startTimer();
      return;
    }
    const parsed = AnswerMessage.safeParse(raw);
    const p = this.running;
    if (!parsed.success || !p || parsed.data.id !== p.id) return;
    this.settle();
    const a = parsed.data;
    if (a.ok) p.resolve(a.result);
    else
      p.reject(
        a.contract ? new ContractError(a.contract.code, a.contract.message, a.contract.issues) : new Error(a.message),
      );
    this.pump();
  }

  /** The running job is done: no timer, and an idle worker does not keep the process alive. */
  private settle(): void {
    clearTimeout(this.timer);
    this.running = undefined;
    this.worker?.unref();
  }

  /** Ends the worker (it may be stuck) and fails the running job; the next job starts a new worker. */
  private fail(error: Error | undefined): void {
    const p = this.running;
    const w = this.worker;
    this.worker = undefined;
    this.settle();
    if (w) void w.terminate();
    if (p && error) p.reject(error);
    this.pump();
  }
}

const shared = new Map<string, ImportWorker>();

/** The process's import worker for this entry (created on first call; its thread starts with the first job). */
export function sharedImportWorker(url: URL = DEFAULT_URL): ImportWorker {
  let w = shared.get(url.href);
  if (!w) shared.set(url.href, (w = new ImportWorker({ url })));
  return w;
}
