/**
 * The per-request table, as Locust's statistics tab: count, rate, p50/p95/p99/max, failed %, checks passed %.
 * Columns sort on their header (aria-sort says how); the request's name is a toggle button that shows its chart.
 */
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../../format/numbers.ts';
import type { RequestRow, Sort, SortColumn } from '../live/rows.ts';

const COLUMNS: readonly { column: SortColumn; label: string; num: boolean }[] = [
  { column: 'name', label: 'Request', num: false },
  { column: 'count', label: 'Count', num: true },
  { column: 'rate', label: 'Req/s', num: true },
  { column: 'p50', label: 'p50', num: true },
  { column: 'p95', label: 'p95', num: true },
  { column: 'p99', label: 'p99', num: true },
  { column: 'max', label: 'Max', num: true },
  { column: 'failedRate', label: 'Failed', num: true },
  { column: 'checksRate', label: 'Checks passed', num: true },
];

/** Each column's name, as its header says it. */
export const COLUMN_LABELS = Object.fromEntries(COLUMNS.map((c) => [c.column, c.label])) as Record<SortColumn, string>;

interface Props {
  rows: readonly RequestRow[];
  sort: Sort;
  onSort: (column: SortColumn) => void;
  selected: string | null;
  onSelect: (row: RequestRow) => void;
}

/** Table named "Requests"; header buttons "Sort by <column>", row buttons named by the request. */
export function RequestTable({ rows, sort, onSort, selected, onSelect }: Props) {
  return (
    <div className="table-wrap">
      <table className="table request-table" aria-label="Requests">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.column}
                scope="col"
                className={c.num ? 'num' : undefined}
                aria-sort={sort.column === c.column ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                <button
                  type="button"
                  className="sort"
                  aria-label={`Sort by ${c.label}`}
                  onClick={() => onSort(c.column)}
                >
                  {c.label}
                  {sort.column === c.column ? (sort.descending ? ' ▼' : ' ▲') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            // The whole row opens the request's charts (the name's button is the keyboard's way).
            <tr
              key={r.key}
              className={`pickable${selected === r.key ? ' selected' : ''}`}
              onClick={(e) => {
                if (!(e.target as HTMLElement).closest('button')) onSelect(r);
              }}
            >
              <th scope="row">
                <button
                  type="button"
                  className="pick"
                  aria-pressed={selected === r.key}
                  onClick={() => onSelect(r)}
                  title="Show this request's charts"
                >
                  {r.method && <span className="method">{r.method} </span>}
                  {r.name}
                </button>
                {r.scenario && <span className="muted small"> ({r.scenario})</span>}
              </th>
              <td className="num">{fmtCount(r.count)}</td>
              <td className="num">{fmtRate(r.rate)}</td>
              <td className="num">{fmtMs(r.p50)}</td>
              <td className="num">{fmtMs(r.p95)}</td>
              <td className="num">{fmtMs(r.p99)}</td>
              <td className="num">{fmtMs(r.max)}</td>
              <td className="num">
                <span className={r.failedRate > 0 ? 'text-bad' : undefined}>{fmtPct(r.failedRate)}</span>
              </td>
              <td className="num">
                {r.checksRate === null ? (
                  <span className="muted">—</span>
                ) : (
                  <span className={r.checksRate < 1 ? 'text-bad' : undefined}>{fmtPct(r.checksRate)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
