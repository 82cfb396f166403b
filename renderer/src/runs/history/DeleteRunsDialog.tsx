/** "Delete 3 runs?": names the runs, warns that running ones cannot be deleted, asks to confirm. */
import type { RunRow } from '../../../../app/contract/runs.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

interface Props {
  runs: readonly RunRow[];
  names: ReadonlyMap<string, string>;
  onConfirm: () => void;
  onCancel: () => void;
}

export const runsText = (n: number): string => (n === 1 ? '1 run' : `${n} runs`);

/** A dialog named "Delete N runs?" with buttons "Cancel" and "Delete N runs". */
export function DeleteRunsDialog({ runs, names, onConfirm, onCancel }: Props) {
  const running = runs.filter((r) => r.status === 'running').length;
  return (
    <ConfirmDialog
      title={`Delete ${runsText(runs.length)}?`}
      confirmLabel={`Delete ${runsText(runs.length)}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Their summaries and per-second samples are removed for good.</p>
      <ul className="delete-list">
        {runs.map((r) => (
          <li key={r.id}>{names.get(r.id) ?? r.planName}</li>
        ))}
      </ul>
      {running > 0 && (
        <p className="text-warn">
          {running === 1 ? 'One run is' : `${running} runs are`} still going and will not be deleted: stop{' '}
          {running === 1 ? 'it' : 'them'} first.
        </p>
      )}
    </ConfirmDialog>
  );
}
