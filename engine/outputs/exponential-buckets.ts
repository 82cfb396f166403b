/**
 * A latency histogram as exponential buckets (OpenTelemetry's ExponentialHistogram; Prometheus native histograms
 * use the same boundaries): at scale s, bucket i holds values in (base^i, base^(i+1)] with base = 2^(2^-s).
 * Each HdrHistogram bucket (3 significant digits, far finer) is placed by its middle value, so a value is off by
 * at most one exponential bucket edge. Values are converted from µs to seconds.
 */
import { HIGHEST_TRACKABLE_US, type Histogram } from '../metrics/histogram.ts';
import { readV2Counts } from '../metrics/histogram-codec.ts';

/** 2^(1/8): buckets 9 % wide, a value within 4.4 % of its bucket's bounds. */
export const SCALE = 3;

const LAYOUT = { significantDigits: 3, lowest: 1, highest: HIGHEST_TRACKABLE_US, countsLength: 23 << 10 };

/** Cumulative exponential buckets of one series. */
export class ExponentialBuckets {
  readonly positive = new Map<number, number>();
  zeroCount = 0;
  count = 0;
  /** Seconds. */
  sum = 0;
  min = Infinity;
  max = -Infinity;

  /** Adds a histogram of µs values. */
  add(h: Histogram): void {
    if (h.isEmpty) return;
    const d = readV2Counts(h.toJSON().counts, LAYOUT);
    const factor = 2 ** SCALE / Math.LN2;
    for (let k = 0; k < d.length; k++) {
      const us = middleOf(d.indexes[k]!);
      const n = d.counts[k]!;
      if (us <= 0) {
        this.zeroCount += n;
        continue;
      }
      const i = Math.ceil(Math.log(us / 1e6) * factor) - 1;
      this.positive.set(i, (this.positive.get(i) ?? 0) + n);
    }
    this.count += h.count;
    this.sum += h.sum / 1e6;
    this.min = Math.min(this.min, h.min / 1e6);
    this.max = Math.max(this.max, h.max / 1e6);
  }

  /** Dense counts from the lowest populated bucket (`offset`) to the highest. */
  dense(): { offset: number; counts: number[] } {
    if (this.positive.size === 0) return { offset: 0, counts: [] };
    const keys = [...this.positive.keys()];
    const lo = Math.min(...keys);
    const hi = Math.max(...keys);
    const counts = new Array<number>(hi - lo + 1).fill(0);
    for (const [i, n] of this.positive) counts[i - lo] = n;
    return { offset: lo, counts };
  }
}

/** The middle of HdrHistogram bucket `idx` in µs (the layout of engine/metrics/histogram.ts). */
export function middleOf(idx: number): number {
  const shift = (idx >>> 10) - 1;
  if (shift <= 0) return idx;
  const lowest = ((idx & 1023) + 1024) * 2 ** shift;
  return lowest + (2 ** shift - 1) / 2;
}
