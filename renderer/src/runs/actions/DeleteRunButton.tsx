/** "Delete run": asks first, deletes, then goes back to the run history. */
import { useState } from 'react';
import type { RunRow } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import { navigate } from '../../routing/useRoute.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { Messages } from '../../ui/messages.ts';

/** Button "Delete run"; dialog "Delete this run?" with "Delete run". Disabled while the run is going. */
export function DeleteRunButton({ run, report }: { run: RunRow; report: Messages['push'] }) {
  const client = useClient();
  const [asking, setAsking] = useState(false);
  const running = run.status === 'running';
  const remove = async () => {
    setAsking(false);
    try {
      await client.call('runs.delete', { id: run.id });
      navigate({ page: 'runs' });
    } catch (error) {
      report({ kind: 'error', title: 'Could not delete the run', error });
    }
  };
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={running}
        onClick={() => setAsking(true)}
        title={running ? 'Stop the run before deleting it' : 'Remove the run, its summary and samples'}
      >
        Delete run
      </button>
      {asking && (
        <ConfirmDialog
          title="Delete this run?"
          confirmLabel="Delete run"
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        >
          <p>
            The run of <strong>{run.planName}</strong>
            {run.label ? (
              <>
                {' '}
                labelled <strong>{run.label}</strong>
              </>
            ) : null}
            , its summary and per-second samples are removed for good.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
