/**
 * Windowing the capture list: a recording can hold thousands of entries, so only the rows in view (plus a few
 * above and below) are rendered, between two spacers of the right height. Rows have a fixed height.
 */

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Rows rendered beyond each edge, so fast scrolling does not show blanks. */
  overscan?: number;
}

/** The rows to render: from `start` (inclusive) to `end` (exclusive). */
export function visibleRange({ scrollTop, viewportHeight, rowHeight, count, overscan = 10 }: WindowInput): {
  start: number;
  end: number;
} {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + inView + overscan);
  return { start, end: Math.max(start, end) };
}

/** Is the list scrolled to (about) its end? Then new entries keep it there, as a log view does. */
export function atEnd(scrollTop: number, viewportHeight: number, scrollHeight: number, slack = 40): boolean {
  return scrollTop + viewportHeight >= scrollHeight - slack;
}

/** The scrollTop that brings row `index` into view (unchanged when it already is). */
export function scrollToRow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  headerHeight = 0,
): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight - headerHeight) return bottom - viewportHeight + headerHeight;
  return scrollTop;
}
