/** One plan in the library table, with its actions: Rename (inline), Duplicate, Export (a menu of formats), Delete. */
import { useState } from 'react';
import type { PlanSummary } from '../../../app/contract/plans.ts';
import type { ExportChoice } from '../designer/export/choices.ts';
import { ExportMenu } from '../designer/export/ExportMenu.tsx';
import { hrefFor } from '../routing/route.ts';
import { Time } from '../ui/Time.tsx';
import { RenameForm } from './RenameForm.tsx';
import { ValidityBadge } from './ValidityBadge.tsx';

export interface PlanActions {
  rename(plan: PlanSummary, name: string): Promise<boolean>;
  duplicate(plan: PlanSummary): Promise<void>;
  exportFile(plan: PlanSummary, choice: ExportChoice): Promise<void>;
  askDelete(plan: PlanSummary): void;
}

/** A table row; its accessible name includes the plan's name, so tests can find "the row of plan X". */
export function PlanRow({ plan, actions }: { plan: PlanSummary; actions: PlanActions }) {
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try { await fn(); } finally { setBusy(false); }
  };
  return (
    <tr>
      <th scope="row" className="name-cell">
        {renaming
          ? <RenameForm initial={plan.name} onCancel={() => setRenaming(false)} onSave={async (name) => {
              const ok = await actions.rename(plan, name);
              if (ok) setRenaming(false);
              return ok;
            }} />
          : <a href={hrefFor({ page: 'plan', id: plan.id })}>{plan.name}</a>}
      </th>
      <td className="num">{plan.revision}</td>
      <td><Time iso={plan.updatedAt} compact /></td>
      <td><ValidityBadge valid={plan.valid} /></td>
      <td className="num">{plan.scenarios}</td>
      <td className="num">{plan.requests}</td>
      <td className="row-actions">
        <button type="button" onClick={() => setRenaming(true)} disabled={renaming}>Rename</button>
        <button type="button" onClick={() => run(() => actions.duplicate(plan))} disabled={busy}>Duplicate</button>
        <ExportMenu requestName={null} pending={busy} onExport={(choice) => void run(() => actions.exportFile(plan, choice))} />
        <button type="button" className="danger" onClick={() => actions.askDelete(plan)}>Delete</button>
      </td>
    </tr>
  );
}
