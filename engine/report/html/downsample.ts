/**
 * Downsampling of chart series for the HTML report. A day-long run has 86,400 per-second points per series; the
 * report keeps at most `maxPoints` by cutting the series into buckets and keeping each bucket's lowest and highest
 * point (in time order). Averaging would hide exactly what a load test report must show: a one-second latency spike
 * or a dip in throughput stays visible at its real height.
 */

/** One chart point: x (seconds since the start) and y, or null for "no value" (a gap in the line). */
export type Point = readonly [x: number, y: number | null];

/** Most points per series the report embeds (about one per horizontal pixel of a wide screen). */
export const MAX_POINTS = 2000;

/**
 * At most `maxPoints` points of `points` (which are in x order), keeping every bucket's minimum and maximum.
 * A bucket with only nulls becomes one null, so a gap longer than a bucket stays a gap; shorter gaps vanish at that
 * scale anyway. Returns a copy; the input is unchanged. Pure.
 */
export function downsample(points: readonly Point[], maxPoints: number = MAX_POINTS): Point[] {
  if (!Number.isInteger(maxPoints) || maxPoints < 2)
    throw new RangeError(`downsample: maxPoints must be an integer >= 2, got ${maxPoints}`);
  if (points.length <= maxPoints) return points.slice();
  const buckets = Math.floor(maxPoints / 2);
  const out: Point[] = [];
  for (let b = 0; b < buckets; b++) {
    // Integer bucket bounds spread the remainder evenly and cover every index exactly once.
    const from = Math.floor((b * points.length) / buckets);
    const to = Math.floor(((b + 1) * points.length) / buckets);
    let lo = -1;
    let hi = -1;
    for (let i = from; i < to; i++) {
      const y = (points[i] as Point)[1];
      if (y === null) continue;
      if (lo < 0 || y < ((points[lo] as Point)[1] as number)) lo = i;
      if (hi < 0 || y > ((points[hi] as Point)[1] as number)) hi = i;
    }
    if (lo < 0) out.push(points[from] as Point);
    else if (lo === hi) out.push(points[lo] as Point);
    else out.push(points[Math.min(lo, hi)] as Point, points[Math.max(lo, hi)] as Point);
  }
  return out;
}
