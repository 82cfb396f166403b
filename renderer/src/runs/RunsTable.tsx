/** The run history: newest first, one row per run, each with a checkbox to select it for Compare or Delete. */
import { useEffect, useRef } from 'react';
import type { RunRow } from '../../../app/contract/runs.ts';
import type { Tick } from './live.ts';
import { RunTableRow } from './RunTableRow.tsx';

interface Props {
  runs: readonly RunRow[];
  ticks: ReadonlyMap<string, Tick>;
  onError: (title: string, error: unknown) => void;
  /** Display names by id (checkbox labels). */
  names: ReadonlyMap<string, string>;
  selected: readonly string[];
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
}

/**
 * Table named "Runs"; the header checkbox "Select all shown runs". Below 1400 px the environment, req/s and p99
 * columns are left out (the run's page has them) so the table fits a 1280 px window without scrolling sideways.
 */
export function RunsTable({ runs, ticks, onError, names, selected, onSelect, onSelectAll }: Props) {
  const picked = runs.filter((r) => selected.includes(r.id)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = picked > 0 && picked < runs.length;
  }, [picked, runs.length]);
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Runs">
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all shown runs"
                checked={runs.length > 0 && picked === runs.length}
                onChange={(e) => onSelectAll(e.target.checked)}
              />
            </th>
            <th scope="col">Plan · label</th>
            <th scope="col" className="wide-only">
              Environment
            </th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col" className="num">
              Requests
            </th>
            <th scope="col" className="num wide-only">
              Req/s
            </th>
            <th scope="col" className="num">
              p95
            </th>
            <th scope="col" className="num wide-only">
              p99
            </th>
            <th scope="col" className="num">
              Failed
            </th>
            <th scope="col" className="num">
              Checks
            </th>
            <th scope="col">Thresholds</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <RunTableRow
              key={r.id}
              run={r}
              tick={ticks.get(r.id)}
              onError={onError}
              name={names.get(r.id) ?? r.planName}
              selected={selected.includes(r.id)}
              onSelect={(on) => onSelect(r.id, on)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
