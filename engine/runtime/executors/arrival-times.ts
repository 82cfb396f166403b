/**
 * The start times of an open-model scenario's iterations under mid-run control, in order, for the whole test (each
 * worker takes its stripe): the plan's schedule until the first change, then from each change on what it asked —
 * a constant rate, nothing (paused), or the plan's schedule again (resumed before any scale), skipping what came due
 * while paused. Every worker gets the same changes at the same times, so together they still run one exact schedule.
 *
 * A change at `atMs` may come after a worker has read past it (its next own arrival is read ahead, with up to
 * `workers - 1` others' before it): `switchAt` takes back what was handed out at or after `atMs` since the last
 * `mark()` and says how many, so the caller's stripe index stays the global one.
 */

/** What follows a change: the plan's schedule, a constant rate (iterations per second), or no arrivals. */
export type Arrivals = 'plan' | 'none' | { perSecond: number };

interface Piece {
  arrivals: Arrivals;
  from: number;
  until: number;
  k: number;
}

export class ArrivalTimes {
  private readonly plan: Iterator<number>;
  /** Plan times handed out, then taken back: served again before the iterator's next (newest last). */
  private readonly unread: number[] = [];
  private readonly endMs: number;
  private pieces: Piece[] = [{ arrivals: 'plan', from: 0, until: Infinity, k: 0 }];
  // What was handed out since mark(), newest last: a change may take it back. A typed array: no allocation per arrival.
  private readonly recent: Float64Array;
  private readonly recentFromPlan: Uint8Array;
  private recentCount = 0;

  /** `plan`: the plan's times (ms from the scenario start); `endMs`: the regular end; `capacity`: most read per mark(). */
  constructor(plan: Iterator<number>, endMs: number, capacity: number) {
    this.plan = plan;
    this.endMs = endMs;
    this.recent = new Float64Array(Math.max(1, capacity));
    this.recentFromPlan = new Uint8Array(Math.max(1, capacity));
  }

  /** Starts a new read-ahead: what is handed out from now on may be taken back by the next change. */
  mark(): void {
    this.recentCount = 0;
  }

  /** The next start time, or undefined when none is due (yet: a later change may add some). */
  next(): number | undefined {
    for (;;) {
      const piece = this.pieces[0] as Piece;
      const t = this.take(piece);
      if (t !== undefined) {
        if (this.recentCount < this.recent.length) {
          this.recent[this.recentCount] = t;
          this.recentFromPlan[this.recentCount++] = piece.arrivals === 'plan' ? 1 : 0;
        }
        return t;
      }
      if (this.pieces.length === 1) return undefined;
      this.pieces.shift();
    }
  }

  /**
   * From `atMs` (scenario time) on, `arrivals` replace what was scheduled. Returns how many times handed out since
   * mark() are taken back (they were at or after `atMs`): the caller's stripe index goes back as many.
   */
  switchAt(atMs: number, arrivals: Arrivals): number {
    let back = 0;
    while (this.recentCount > 0 && (this.recent[this.recentCount - 1] as number) >= atMs) {
      this.recentCount--;
      back++;
      if (this.recentFromPlan[this.recentCount] === 1) this.unread.push(this.recent[this.recentCount] as number);
    }
    // A later piece a change at the same time (or an earlier one: never sent) had added is replaced.
    this.pieces = this.pieces.filter((p, i) => i === 0 || p.from < atMs);
    (this.pieces.at(-1) as Piece).until = atMs;
    this.pieces.push({ arrivals, from: atMs, until: Infinity, k: 0 });
    return back;
  }

  private take(p: Piece): number | undefined {
    const limit = Math.min(p.until, this.endMs);
    if (p.arrivals === 'none') return undefined;
    if (p.arrivals === 'plan') {
      // Arrivals that came due while paused (before `from`) are skipped, never made up in a burst.
      let t = this.peekPlan();
      while (t !== undefined && t < p.from) {
        this.takePlan();
        t = this.peekPlan();
      }
      if (t === undefined || t >= limit) return undefined;
      this.takePlan();
      return t;
    }
    const t = p.from + (p.k * 1000) / p.arrivals.perSecond;
    if (t >= limit) return undefined;
    p.k++;
    return t;
  }

  private head: number | undefined;
  private headRead = false;

  private peekPlan(): number | undefined {
    if (this.unread.length > 0) return this.unread.at(-1);
    if (!this.headRead) {
      const r = this.plan.next();
      this.head = r.done ? undefined : r.value;
      this.headRead = true;
    }
    return this.head;
  }

  private takePlan(): void {
    if (this.unread.length > 0) {
      this.unread.pop();
      return;
    }
    this.headRead = false;
  }
}
