/**
 * Where worker threads start from. Pre-built JavaScript wherever there is some: the runner package's bundle
 * (dist/worker.mjs), the single executable's embedded copy (evaluated: it has no files), or in a checkout a bundle of
 * the current sources (engine/bundle/fresh.ts). The TypeScript sources are the fallback: every worker started from
 * them compiles Node's type stripper (WebAssembly) again, which costs memory and time per worker and is where V8's
 * rare `jit_page` crash was seen.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { freshWorkerBundle } from '../../bundle/fresh.ts';

/** A worker's code: a module file, or the text of a CommonJS script (no files at all: the single executable). */
export type WorkerSource = { url: URL } | { code: string };

let chosen: Promise<WorkerSource> | undefined;

/** Set by the entry points that carry their own worker (the runner package, the single executable). */
export function useWorker(source: () => WorkerSource): void {
  chosen = Promise.resolve().then(source);
}

/** The worker code for this process: chosen once, on the first run. */
export function workerSource(): Promise<WorkerSource> {
  chosen ??= fromSources();
  return chosen;
}

async function fromSources(): Promise<WorkerSource> {
  const bundle = await freshWorkerBundle();
  return { url: bundle ?? new URL('./main.ts', import.meta.url) };
}

/** Starts one worker thread from `source`. */
export function startWorker(source: WorkerSource, options: WorkerOptions): Worker {
  return 'code' in source ? new Worker(source.code, { ...options, eval: true }) : new Worker(source.url, options);
}
