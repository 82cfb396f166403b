/**
 * Section "Requests": the sortable per-request table and, for the selected row, that request's charts. A plan with
 * more request names than the table draws (ui/shown.ts) gets a filter, and the table says how many it shows.
 */
import { useCallback, useMemo, useState } from 'react';
import { Section } from '../../ui/Section.tsx';
import { useRowFilter } from '../../ui/RowFilter.tsx';
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

/** What the requests' filter searches. */
const rowName = (r: RequestRow): string => r.name;

export function RequestsPanel({ rows, points, empty }: Props) {
  const [sort, setSort] = useState<Sort>({ column: 'name', descending: false });
  const [selected, setSelected] = useState<{ key: string; name: string } | null>(null);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useRowFilter(sorted, rowName, {
    noun: 'request',
    placeholder: 'Filter by request name…',
    order: `sorted by ${COLUMN_LABELS[sort.column]}`,
  });
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
          {shown.bar}
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
