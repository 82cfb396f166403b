/**
 * A long table's filter (ui/shown.ts): the rows it draws, and its bar, searchbox "Filter <noun>s" with a status saying
 * what the table shows. The bar appears once the table has more rows than it draws, or a filter is set.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { SHOWN_ROWS, shownNote, shownRows } from './shown.ts';

interface Options {
  /** Singular; the searchbox and the status add an s. */
  noun: string;
  placeholder: string;
  /** How `ordered` is ordered, as the status says it ("sorted by p95", "failing first"). */
  order: string;
}

/** `text`: what the filter searches in a row; a function made once (a new one would redo the filter each render). */
export function useRowFilter<T>(
  ordered: readonly T[],
  text: (row: T) => string,
  { noun, placeholder, order }: Options,
): { rows: readonly T[]; bar: ReactNode } {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => shownRows(ordered, filter, text), [ordered, filter, text]);
  if (ordered.length <= SHOWN_ROWS && filter === '') return { rows: shown.rows, bar: null };
  const bar = (
    <div className="toolbar">
      <input
        type="search"
        aria-label={`Filter ${noun}s`}
        placeholder={placeholder}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <span className="muted small" role="status">
        {shownNote(shown.rows.length, shown.matching, ordered.length, filter, noun, order)}
      </span>
    </div>
  );
  return { rows: shown.rows, bar };
}
