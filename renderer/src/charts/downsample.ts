/**
 * Charts of long runs stay light: at most `max` points per series, keeping each bucket's minimum and maximum (in
 * time order), so a one-second spike in an hour-long run still shows. Gaps (null) are kept.
 */
export type Point = readonly [number, number | null];

export function downsample(points: readonly Point[], max: number): Point[] {
  if (points.length <= max || max < 4) return points.slice();
  const buckets = Math.floor(max / 2);
  const size = points.length / buckets;
  const out: Point[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(points.length, Math.floor((b + 1) * size));
    let lo: Point | undefined;
    let hi: Point | undefined;
    let gap: Point | undefined;
    for (let i = from; i < to; i++) {
      const p = points[i] as Point;
      if (p[1] === null) { gap ??= p; continue; }
      if (!lo || p[1] < (lo[1] as number)) lo = p;
      if (!hi || p[1] > (hi[1] as number)) hi = p;
    }
    if (!lo || !hi) { if (gap) out.push(gap); continue; }
    if (lo === hi) out.push(lo);
    else if (lo[0] < hi[0]) out.push(lo, hi);
    else out.push(hi, lo);
  }
  return out;
}
