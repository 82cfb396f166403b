/**
 * The capture list's rows: entries in request order, each redirect hop moved under the entry it came from and
 * indented one level deeper, so `POST /login → 302 → GET /home` reads as one chain even when other requests ran
 * in between. A hop whose origin is filtered out stays in place and says where it came from.
 */
import type { EntrySummary } from '../../../app/contract/recordings.ts';

export interface EntryRow {
  entry: EntrySummary;
  /** 0 for a request the client made, 1 for the first redirect hop, 2 for the next... (at most MAX_DEPTH). */
  depth: number;
  /** A hop whose origin is not shown: the id it was redirected from. */
  redirectedFromHidden: number | null;
  /** For the first entry of a chain: how many hops follow it (shown or not). */
  hops: number;
}

export const MAX_DEPTH = 8;

/** Rows for the entries a filter lets through (`shown`, in id order); `all` gives the chains' full length. */
export function entryRows(shown: readonly EntrySummary[], all: readonly EntrySummary[] = shown): EntryRow[] {
  const shownIds = new Set(shown.map((e) => e.id));
  const children = new Map<number, EntrySummary[]>();
  for (const e of shown) {
    if (e.redirectFrom === null || !shownIds.has(e.redirectFrom)) continue;
    const list = children.get(e.redirectFrom) ?? [];
    list.push(e);
    children.set(e.redirectFrom, list);
  }
  const hops = hopCounts(all);
  const rows: EntryRow[] = [];
  const visited = new Set<number>();
  const visit = (e: EntrySummary, depth: number): void => {
    if (visited.has(e.id)) return;
    visited.add(e.id);
    const hidden = e.redirectFrom !== null && !shownIds.has(e.redirectFrom) ? e.redirectFrom : null;
    rows.push({
      entry: e,
      depth: Math.min(depth, MAX_DEPTH),
      redirectedFromHidden: hidden,
      hops: e.redirectFrom === null ? (hops.get(e.id) ?? 0) : 0,
    });
    for (const child of children.get(e.id) ?? []) visit(child, depth + 1);
  };
  for (const e of shown) {
    const isRoot = e.redirectFrom === null || !shownIds.has(e.redirectFrom);
    if (isRoot) visit(e, 0);
  }
  // A loop of redirects (each entry the origin of another) has no root: list what is left as it is.
  for (const e of shown) visit(e, 0);
  return rows;
}

/** For each entry that starts a chain, the number of hops after it. */
function hopCounts(all: readonly EntrySummary[]): Map<number, number> {
  const next = new Map<number, number>();
  for (const e of all) if (e.redirectFrom !== null && !next.has(e.redirectFrom)) next.set(e.redirectFrom, e.id);
  const out = new Map<number, number>();
  for (const e of all) {
    if (e.redirectFrom !== null) continue;
    let n = 0;
    const seen = new Set([e.id]);
    for (let id = next.get(e.id); id !== undefined && !seen.has(id); id = next.get(id)) {
      seen.add(id);
      n++;
    }
    if (n > 0) out.set(e.id, n);
  }
  return out;
}
