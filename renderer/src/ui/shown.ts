/**
 * Long tables draw their first rows only. A recording's 10,000 request names made a request table of 90,000 cells,
 * redrawn each second while the run went on, and a checks table of 20,000 rows; the others are a filter away.
 */

/** At most this many rows of a table are drawn. */
export const SHOWN_ROWS = 200;

/** The rows whose `text` contains `filter` (any case), the first `limit` of them in order, and how many match. */
export function shownRows<T>(
  ordered: readonly T[],
  filter: string,
  text: (row: T) => string,
  limit = SHOWN_ROWS,
): { rows: readonly T[]; matching: number } {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '')
    return { rows: ordered.length > limit ? ordered.slice(0, limit) : ordered, matching: ordered.length };
  const rows: T[] = [];
  let matching = 0;
  for (const r of ordered) {
    if (!text(r).toLowerCase().includes(wanted)) continue;
    matching++;
    if (rows.length < limit) rows.push(r);
  }
  return { rows, matching };
}

/** What a table shows of its `noun`s (plural with an s): all, the first of those the filter matches, or none. */
export function shownNote(
  shown: number,
  matching: number,
  total: number,
  filter: string,
  noun: string,
  order: string,
): string {
  const count = (n: number) => n.toLocaleString('en-US');
  const wanted = filter.trim();
  if (wanted === '') {
    if (shown === total) return `Showing all ${count(total)} ${noun}s.`;
    return `Showing the first ${count(shown)} of ${count(total)} ${noun}s, ${order}: filter to find the others.`;
  }
  if (matching === 0) return `No ${noun} matches "${wanted}".`;
  if (shown === matching) return `${count(matching)} of ${count(total)} ${noun}s match.`;
  return `Showing the first ${count(shown)} of the ${count(matching)} ${noun}s that match, ${order}.`;
}
