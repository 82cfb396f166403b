/** The load profile as a table: per scenario when it starts and ends, its peak, iterations and requests. */
import { countText, rateText, requestsText, timeText } from './summary.ts';
import type { PlanLoad } from './plan-load.ts';

export function LoadTable({ load }: { load: PlanLoad }) {
  return (
    <details className="load-table">
      <summary>Load profile as a table</summary>
      <table className="table">
        <caption className="visually-hidden">Load per scenario</caption>
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">Executor</th>
            <th scope="col">Starts</th>
            <th scope="col">Ends</th>
            <th scope="col">Peak</th>
            <th scope="col" className="num">
              Iterations
            </th>
            <th scope="col" className="num">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {load.scenarios.map((s) => (
            <tr key={s.name}>
              <th scope="row">{s.name}</th>
              <td>{s.executor}</td>
              <td>{timeText(s.startMs)}</td>
              <td>
                {s.estimatedEnd ? '≈ ' : ''}
                {timeText(s.endMs)}
              </td>
              <td>{s.draws === 'rate' ? rateText(s.peak) : `${s.peak} VUs`}</td>
              <td className="num">{countText(s.estimate.iterations, s.estimate.exact)}</td>
              <td className="num" title={s.estimate.unknown}>
                {requestsText(s.estimate)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td />
            <td>{timeText(load.endMs)}</td>
            <td>{load.peak.vus} VUs</td>
            <td />
            <td className="num">{requestsText(load.requests)}</td>
          </tr>
        </tfoot>
      </table>
    </details>
  );
}
