/** The plan library as a table: name, revision, updated, validity, scenarios, requests, actions. */
import type { PlanSummary } from '../../../app/contract/plans.ts';
import { PlanRow, type PlanActions } from './PlanRow.tsx';

/** Table named "Plans", one row per plan. */
export function PlanTable({ plans, actions }: { plans: readonly PlanSummary[]; actions: PlanActions }) {
  return (
    <table className="table" aria-label="Plans">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="num">Revision</th>
          <th scope="col">Updated</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">Scenarios</th>
          <th scope="col" className="num">Requests</th>
          <th scope="col"><span className="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {plans.map((p) => <PlanRow key={p.id} plan={p} actions={actions} />)}
      </tbody>
    </table>
  );
}
