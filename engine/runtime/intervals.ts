/**
 * Collects worker samples per one-second interval and says when an interval is complete: every worker has
 * reported it, or has finished before it. Intervals are released in order, so ticks never skip or repeat.
 */
import type { Sample } from '../metrics/sample.ts';

export class IntervalCollector {
  private readonly pending = new Map<number, Sample[]>();
  private readonly lastSeen: number[];
  private readonly finished: boolean[];
  private next = 0;

  constructor(workers: number) {
    this.lastSeen = new Array<number>(workers).fill(-1);
    this.finished = new Array<boolean>(workers).fill(false);
  }

  add(s: Sample): void {
    const list = this.pending.get(s.interval);
    if (list) list.push(s);
    else this.pending.set(s.interval, [s]);
    this.lastSeen[s.worker] = Math.max(this.lastSeen[s.worker] ?? -1, s.interval);
    if (s.final) this.finished[s.worker] = true;
  }

  /** A worker that ended without a final sample (crashed, terminated). */
  markFinished(worker: number): void {
    this.finished[worker] = true;
  }

  get allFinished(): boolean {
    return this.finished.every(Boolean);
  }

  /** Complete intervals, in order, with their samples; `last` is true for the run's final interval. */
  *release(): Generator<{ interval: number; samples: Sample[]; last: boolean }> {
    for (;;) {
      const k = this.next;
      const ready = this.lastSeen.every((seen, w) => seen >= k || this.finished[w]);
      const anyLater = this.lastSeen.some((seen) => seen >= k) || [...this.pending.keys()].some((i) => i >= k);
      if (!ready || !anyLater) return;
      const samples = this.pending.get(k) ?? [];
      this.pending.delete(k);
      this.next++;
      const last = this.allFinished && this.lastSeen.every((seen) => seen <= k);
      yield { interval: k, samples, last };
    }
  }
}
