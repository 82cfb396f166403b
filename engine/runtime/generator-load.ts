/**
 * The generator watching itself: process CPU per interval (all threads, as a share of the machine's cores), and
 * when the generator may be what limits the numbers (Locust warns above 90% CPU; we also look at each worker's
 * event loop, which saturates first when a single thread does the work).
 */
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import type { TimelinePoint } from '../metrics/timeline.ts';

export const BUSY = 0.9;

export class CpuMeter {
  private last = process.cpuUsage();
  private at = performance.now();
  private readonly cores = availableParallelism();

  /** CPU used since the previous call as a share of all cores (0..1). */
  take(): number {
    const now = performance.now();
    const used = process.cpuUsage(this.last);
    this.last = process.cpuUsage();
    const wallUs = (now - this.at) * 1000;
    this.at = now;
    return wallUs > 0 ? Math.min(1, (used.user + used.system) / wallUs / this.cores) : 0;
  }
}

export function isBusy(g: TimelinePoint['generator']): boolean {
  return g.elu >= BUSY || g.cpu >= BUSY;
}

/** A summary note when the generator was saturated for a meaningful share of the run, or undefined. */
export function generatorNote(timeline: readonly TimelinePoint[]): string | undefined {
  // Seconds, not points: a compacted timeline's point spans several seconds.
  const seconds = (ps: readonly TimelinePoint[]): number => Math.ceil(ps.reduce((n, p) => n + p.span, 0) - 1e-9);
  const busy = timeline.filter((p) => p.span >= 0.5 && isBusy(p.generator));
  const busyS = seconds(busy);
  const totalS = seconds(timeline);
  if (busy.length === 0 || busyS < Math.max(2, totalS * 0.1)) return undefined;
  const elu = Math.max(...busy.map((p) => p.generator.elu));
  const cpu = Math.max(...busy.map((p) => p.generator.cpu));
  return (
    `the load generator was saturated for ${busyS} of ${totalS} seconds (worker event loop busy up to ${Math.round(elu * 100)}%, ` +
    `CPU up to ${Math.round(cpu * 100)}% of all cores): results may be limited by Loadsmith rather than by the target. ` +
    'Use more worker threads (--workers), a bigger machine, or several machines.'
  );
}
