/**
 * Runs cut off by a crash (the app killed mid-run, `kill -9`, a power cut) have their per-second samples but no
 * summary. At start the app sums each one up from its samples (engine/metrics/partial-summary.ts): exact counts up
 * to the last stored second, exact latency percentiles from the samples' histograms, the rest marked unknown. The
 * run stays `interrupted` in the database (the contract shows it as `partial`) and can be opened and exported.
 */
import { availableParallelism } from 'node:os';
import { partialSummary, VERSION } from 'loadsmith';
import { RunInfoData, SampleData, type StoredTick } from '../contract/index.ts';
import { INTERRUPTED_ERROR } from '../store/runs.ts';
import type { ServiceContext } from './context.ts';
import { keyNumbers } from './run-status.ts';

/** Sums up every interrupted run that has samples and no summary; returns how many. */
export function recoverInterrupted(ctx: Pick<ServiceContext, 'store'>): number {
  let count = 0;
  for (const id of ctx.store.runs.unsummarised()) {
    const run = ctx.store.runs.get(id);
    if (!run) continue;
    // A row that is not a tick (hand-edited database) is skipped: the others still count.
    const seconds = ctx.store.runs.samples(id).flatMap((s) => {
      const r = SampleData.safeParse(s);
      return r.success ? [r.data as StoredTick] : [];
    });
    if (seconds.length === 0) continue;
    const info = RunInfoData.safeParse(run.info);
    const summary = partialSummary(seconds, {
      plan: { name: run.planName },
      startedAt: new Date(run.startedAt),
      scenarios: info.success ? info.data.scenarios : [],
      vusMax: info.success ? info.data.vusMax : Math.max(0, ...seconds.map((s) => s.vusMax)),
      workers: info.success ? info.data.workers : 0,
      cpus: availableParallelism(),
      version: VERSION,
      reason: run.error ?? INTERRUPTED_ERROR,
    });
    // Without latency the key numbers would show 0 ms: the list shows none rather than wrong ones.
    const key = summary.metrics.http_req_duration ? keyNumbers(summary) : null;
    if (ctx.store.runs.recover(id, { endedAt: summary.endedAt, durationMs: summary.durationMs, summary, key })) count++;
  }
  return count;
}
