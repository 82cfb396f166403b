/**
 * Keeping a run's per-second series bounded: at most MAX_TIMELINE_POINTS points, whatever the run's length. When the
 * series is full, neighbouring points merge pairwise (one point per 2 s, then 4 s, ...), so a 24-hour run keeps
 * 1,350 points of 64 s: its summary and its stored samples stay a few MB instead of growing by the second (and a
 * soak of days never reaches V8's string limit when the summary is written). The same rule, applied to the same
 * sequence of seconds, gives the coordinator's timeline and the app's stored samples the same points.
 */

/** 34 minutes at one point per second. */
export const MAX_TIMELINE_POINTS = 2048;

/** Where a pushed interval went: into point `index` (a new one, or merged into the last); `compacted`: all points changed. */
export interface Placed {
  index: number;
  compacted: boolean;
}

export class CompactSeries<P> {
  private readonly list: P[] = [];
  private readonly merge: (a: P, b: P) => P;
  private readonly max: number;
  /** Intervals a full point holds, and how many the last point holds so far. */
  private perPoint = 1;
  private lastFill = 0;

  /** `merge(a, b)`: the point of two neighbours, `a` the earlier; it must not change its arguments. */
  constructor(merge: (a: P, b: P) => P, max: number = MAX_TIMELINE_POINTS) {
    if (!Number.isInteger(max) || max < 2 || max % 2 !== 0)
      throw new RangeError(`a compact series needs an even size of at least 2, got ${max}`);
    this.merge = merge;
    this.max = max;
  }

  get points(): readonly P[] {
    return this.list;
  }
  /** Intervals (seconds) per point: 1 until the series first fills, then 2, 4, ... */
  get resolution(): number {
    return this.perPoint;
  }

  push(p: P): Placed {
    const last = this.list.length - 1;
    if (last >= 0 && this.lastFill < this.perPoint) {
      this.list[last] = this.merge(this.list[last] as P, p);
      this.lastFill++;
      return { index: last, compacted: false };
    }
    let compacted = false;
    if (this.list.length >= this.max) {
      this.halve();
      compacted = true;
    }
    this.list.push(p);
    this.lastFill = 1;
    return { index: this.list.length - 1, compacted };
  }

  /** Merges neighbours pairwise: the series is full, so every point is full and their number even. */
  private halve(): void {
    const n = this.list.length;
    for (let i = 0; i < n; i += 2) this.list[i / 2] = this.merge(this.list[i] as P, this.list[i + 1] as P);
    this.list.length = n / 2;
    this.perPoint *= 2;
  }
}
