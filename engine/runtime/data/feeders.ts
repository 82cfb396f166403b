/**
 * Data feeders: a row per iteration for each data file a scenario uses.
 *   sequential - each VU walks the rows in order (iteration i uses row i mod n)
 *   random     - any row, uniformly
 *   unique     - each row once across the whole run (all VUs, all workers: an Atomics counter);
 *                when all are used, `recycle` starts over, `stop` ends the VU (counted in dropped_iterations).
 *                In an execution segment the n-th claim takes the n-th row of the segment's stripe (`rowOf`),
 *                so no row goes to two segments; a segment's stripe runs out after its share of the rows.
 */
import type { MutableTemplateContext } from '../vu/virtual-user.ts';

export interface FeederData {
  name: string;
  mode: 'sequential' | 'random' | 'unique';
  onExhausted: 'recycle' | 'stop';
  rows: readonly Readonly<Record<string, unknown>>[];
  /** Slot in the shared counters array (unique mode). */
  counter: number;
}

export class Feeders {
  private readonly feeders: readonly FeederData[];
  private readonly counters: Int32Array;
  private readonly rowOf: (claim: number) => number;

  /** `rowOf` maps the n-th unique claim to a row index of the whole test (an execution segment's stripe). */
  constructor(feeders: readonly FeederData[], counters: Int32Array, rowOf: (claim: number) => number = (n) => n) {
    this.feeders = feeders;
    this.counters = counters;
    this.rowOf = rowOf;
  }

  /** Only the feeders these names refer to (what a scenario uses). */
  only(names: ReadonlySet<string>): Feeders {
    return new Feeders(
      this.feeders.filter((f) => names.has(f.name)),
      this.counters,
      this.rowOf,
    );
  }

  /** Puts this iteration's rows into the context; false when a unique feeder is exhausted with `stop`. */
  pick(ctx: MutableTemplateContext, iter: number): boolean {
    for (const f of this.feeders) {
      const n = f.rows.length;
      let i: number;
      if (f.mode === 'sequential') i = iter % n;
      else if (f.mode === 'random') i = Math.floor(Math.random() * n);
      else {
        // Unsigned: the Int32 counter wraps after 2^31 claims; read as uint32 it keeps counting up.
        i = this.rowOf(Atomics.add(this.counters, f.counter, 1) >>> 0);
        if (i >= n) {
          if (f.onExhausted === 'stop') return false;
          i %= n;
        }
      }
      ctx.data[f.name] = f.rows[i];
    }
    return true;
  }
}
