/** Exporting a run as a file: its summary JSON, or the single-file HTML report (save dialog on the desktop, download in a browser). */
import { useCallback } from 'react';
import type { RunRow } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import { useSaveFile } from '../../ui/useSaveFile.ts';
import type { Messages } from '../../ui/messages.ts';

export type RunExportFormat = 'json' | 'html';

const TYPE: Record<RunExportFormat, string> = { json: 'application/json', html: 'text/html' };
const WHAT: Record<RunExportFormat, string> = { json: 'the summary JSON', html: 'the HTML report' };

/** An export action reporting through `report`. */
export function useRunExport(report: Messages['push']): (run: RunRow, format: RunExportFormat) => Promise<void> {
  const client = useClient();
  const save = useSaveFile();
  return useCallback(
    async (run, format) => {
      try {
        const file = await client.call('runs.export', { id: run.id, format });
        const where = await save(file.fileName, file.text, TYPE[format]);
        if (where !== null)
          report({
            kind: 'info',
            content: (
              <>
                Exported {WHAT[format]} as <strong>{where}</strong>.
              </>
            ),
          });
      } catch (error) {
        report({ kind: 'error', title: `Could not export ${WHAT[format]}`, error });
      }
    },
    [client, report, save],
  );
}
