/** Deleting runs one after the other, reporting what was deleted and what could not be (e.g. still running). */
import { useCallback } from 'react';
import type { RunRow } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import type { Messages } from '../../ui/messages.ts';

/** Resolves with the ids that are gone. */
export function useDeleteRuns(report: Messages['push']): (runs: readonly RunRow[]) => Promise<string[]> {
  const client = useClient();
  return useCallback(
    async (runs) => {
      const gone: string[] = [];
      for (const run of runs) {
        try {
          await client.call('runs.delete', { id: run.id });
          gone.push(run.id);
        } catch (error) {
          report({ kind: 'error', title: `Could not delete the run of ${run.planName}`, error });
        }
      }
      if (gone.length > 0)
        report({ kind: 'info', content: `Deleted ${gone.length === 1 ? '1 run' : `${gone.length} runs`}.` });
      return gone;
    },
    [client, report],
  );
}
