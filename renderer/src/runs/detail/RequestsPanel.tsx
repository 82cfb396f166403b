/**
 * Section "Requests": the sortable per-request table and, for the selected row, that request's charts. A plan with
 * more request names than the table draws (SHOWN_ROWS) gets a filter, and the table says how many it shows.
 */
import { useCallback, useMemo, useState } from 'react';
import { Section } from '../../ui/Section.tsx';
import { RowFilter } from '../../ui/RowFilter.tsx';
import { SHOWN_ROWS, shownNote, shownRows } from '../../ui/shown.ts';
import { sortRows, type RequestRow, type Sort, type SortColumn } from '../live/rows.ts';
import type { RunPoint } from '../live/types.ts';
import { RequestCharts } from './RequestCharts.tsx';
import { COLUMN_LABELS, RequestTable } from './RequestTable.tsx';

interface Props {
  rows: readonly RequestRow[];
  points: readonly RunPoint[];
  /** Said instead of the table when there are no rows. */
  empty: string;
}

export function RequestsPanel({ rows, points, empty }: Props) {
  const [sort, setSort] = useState<Sort>({ column: 'name', descending: false });
  const [selected, setSelected] = useState<{ key: string; name: string } | null>(null);
  const [filter, setFilter] = useState('');
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => shownRows(sorted, filter, (r) => r.name), [sorted, filter]);
  // Text columns start ascending, numbers descending (the biggest first, as one looks for the worst).
  const onSort = useCallback(
    (column: SortColumn) =>
      setSort((s) =>
        s.column === column ? { column, descending: !s.descending } : { column, descending: column !== 'name' },
      ),
    [],
  );
  // A running run's rows are keyed by name, a finished one's by scenario + name + method: follow the name across.
  const selectedKey =
    selected === null
      ? null
      : rows.some((r) => r.key === selected.key)
        ? selected.key
        : (rows.find((r) => r.name === selected.name)?.key ?? null);
  const onSelect = useCallback(
    (r: RequestRow) =>
      setSelected((s) => (s?.name === r.name && s.key === r.key ? null : { key: r.key, name: r.name })),
    [],
  );
  return (
    <Section title="Requests">
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <>
          {(rows.length > SHOWN_ROWS || filter !== '') && (
            <RowFilter
              noun="request"
              placeholder="Filter by request name…"
              filter={filter}
              onFilter={setFilter}
              note={shownNote(
                shown.rows.length,
                shown.matching,
                rows.length,
                filter,
                'request',
                `sorted by ${COLUMN_LABELS[sort.column]}`,
              )}
            />
          )}
          <RequestTable rows={shown.rows} sort={sort} onSort={onSort} selected={selectedKey} onSelect={onSelect} />
          {selected ? (
            <RequestCharts points={points} name={selected.name} />
          ) : (
            <p className="muted small">Select a request to see its rate and latency over time.</p>
          )}
        </>
      )}
    </Section>
  );
}
