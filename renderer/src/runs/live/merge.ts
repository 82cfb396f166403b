/**
 * A running run opened mid-way: its stored points first, then the live ticks. Both come from the same
 * per-second sequence (t strictly increasing), so the live ones already stored are dropped: no gap, no duplicate.
 */

/** `stored` followed by the `live` points later than its last one. */
export function mergePoints<T extends { t: number }>(stored: readonly T[], live: readonly T[]): T[] {
  const last = stored.at(-1)?.t ?? Number.NEGATIVE_INFINITY;
  const from = live.findIndex((p) => p.t > last);
  return from < 0 ? stored.slice() : stored.concat(live.slice(from));
}

/** Appends `incoming` to `list`, skipping any point not later than the last one (a replayed tick). */
export function appendPoints<T extends { t: number }>(list: readonly T[], incoming: readonly T[]): readonly T[] {
  let last = list.at(-1)?.t ?? Number.NEGATIVE_INFINITY;
  const fresh: T[] = [];
  for (const p of incoming) {
    if (p.t > last) {
      fresh.push(p);
      last = p.t;
    }
  }
  return fresh.length === 0 ? list : list.concat(fresh);
}
