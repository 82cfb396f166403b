/**
 * The raw timings of one interval's responses, each row tagged with its series: what a worker builds its per-series
 * histograms from when it flushes. Memory follows the requests of one interval (8 bytes per value kept), not the
 * number of series, so a plan with 10,000 request names does not hold 10,000 histograms per worker.
 */
import type { Phase } from './sample.ts';

type Timings = Readonly<Record<Phase, number>>;

export class SeriesValues {
  /** The columns kept per row after the series slot: `duration` first, then the phases thresholds filter by tag. */
  readonly phases: readonly Phase[];
  private readonly stride: number;
  private rows = new Float64Array(0);
  private used = 0;
  private grouped = new Float64Array(0);
  private position = new Int32Array(0);

  constructor(phases: readonly Phase[]) {
    this.phases = phases;
    this.stride = 1 + phases.length;
    this.rows = new Float64Array(1024 * this.stride);
  }

  /** Hot path: one response of the series at `slot`. */
  add(slot: number, t: Timings): void {
    const n = this.used;
    if (n + this.stride > this.rows.length) this.grow();
    const rows = this.rows;
    rows[n] = slot;
    rows[n + 1] = t.duration;
    for (let k = 1; k < this.phases.length; k++) rows[n + 1 + k] = t[this.phases[k]!];
    this.used = n + this.stride;
  }

  /** How many responses were added since `clear`. */
  get count(): number {
    return this.used / this.stride;
  }

  /**
   * Lays the values out by series: series `slots[i]` gets [start[i], start[i + 1]) of each `column`. Every slot
   * that has rows must be in `slots`; `slotCount` bounds the slots.
   */
  group(slots: readonly number[], slotCount: number): Uint32Array {
    if (this.position.length < slotCount) this.position = new Int32Array(Math.max(slotCount, this.position.length * 2));
    const start = new Uint32Array(slots.length + 1);
    slots.forEach((slot, i) => {
      this.position[slot] = i;
    });
    for (let n = 0; n < this.used; n += this.stride) start[this.position[this.rows[n]!]! + 1]!++;
    for (let i = 0; i < slots.length; i++) start[i + 1]! += start[i]!;
    return start;
  }

  /** Column `c` (an index into `phases`) in the order `group` returned; valid until the next call. */
  column(c: number, start: Uint32Array): Float64Array {
    if (this.grouped.length < this.count)
      this.grouped = new Float64Array(Math.max(this.count, this.grouped.length * 2));
    const cursor = start.slice();
    for (let n = 0; n < this.used; n += this.stride)
      this.grouped[cursor[this.position[this.rows[n]!]!]!++] = this.rows[n + 1 + c]!;
    return this.grouped;
  }

  clear(): void {
    this.used = 0;
  }

  private grow(): void {
    const rows = new Float64Array(this.rows.length * 2);
    rows.set(this.rows);
    this.rows = rows;
  }
}
