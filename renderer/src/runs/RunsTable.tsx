/** The run history: newest first, one row per run. */
import type { RunRow } from '../../../app/contract/runs.ts';
import type { Tick } from './live.ts';
import { RunTableRow } from './RunTableRow.tsx';

interface Props {
  runs: readonly RunRow[];
  ticks: ReadonlyMap<string, Tick>;
  onError: (title: string, error: unknown) => void;
}

/** Table named "Runs". */
export function RunsTable({ runs, ticks, onError }: Props) {
  return (
    <div className="table-wrap">
    <table className="table" aria-label="Runs">
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Environment</th>
          <th scope="col">Status</th>
          <th scope="col">Started</th>
          <th scope="col" className="num">Duration</th>
          <th scope="col" className="num">Requests</th>
          <th scope="col" className="num">Req/s</th>
          <th scope="col" className="num">p95</th>
          <th scope="col" className="num">p99</th>
          <th scope="col" className="num">Failed</th>
          <th scope="col">Thresholds</th>
          <th scope="col"><span className="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => <RunTableRow key={r.id} run={r} tick={ticks.get(r.id)} onError={onError} />)}
      </tbody>
    </table>
    </div>
  );
}
