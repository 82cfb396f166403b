/**
 * Importing plan files: from a native dialog (desktop), a file input or files dropped on the page. The back end
 * parses and validates; an invalid file comes back as a ContractError with located issues, shown as such.
 */
import { useCallback } from 'react';
import type { PlanRecord } from '../../../app/contract/plans.ts';
import { useCapabilities, useClient } from '../api.tsx';
import type { Messages } from '../ui/messages.ts';

type Report = Messages['push'];
import { isPlanFileName } from './files.ts';

export interface PlanImport {
  /** Imports files picked with an input or dropped; non-plan files are reported, not sent. */
  importFiles(files: readonly File[]): Promise<void>;
  /** Opens the native dialog; only with `capabilities.nativeDialogs`. */
  importWithDialog(): Promise<void>;
}

/** Import actions reporting through `report`; `onImported` runs after each plan stored. */
export function usePlanImport(report: Report, onImported: (plan: PlanRecord) => void): PlanImport {
  const client = useClient();
  const { nativeDialogs } = useCapabilities();

  const importText = useCallback(async (fileName: string, text: string) => {
    try {
      const plan = await client.call('plans.import', { fileName, text });
      report({ kind: 'info', content: <>Imported <strong>{plan.name}</strong> from {fileName}.</> });
      onImported(plan);
    } catch (error) {
      report({ kind: 'error', title: `Could not import ${fileName}`, error });
    }
  }, [client, report, onImported]);

  const importFiles = useCallback(async (files: readonly File[]) => {
    // One at a time: the order of messages then matches the order of files.
    for (const file of files) {
      if (!isPlanFileName(file.name)) {
        report({ kind: 'error', title: `Could not import ${file.name}`, error: new Error('Only plan files can be imported: .yaml, .yml or .json.') });
        continue;
      }
      let text: string;
      try {
        text = await file.text();
      } catch (error) {
        report({ kind: 'error', title: `Could not read ${file.name}`, error });
        continue;
      }
      await importText(file.name, text);
    }
  }, [importText, report]);

  const importWithDialog = useCallback(async () => {
    if (!nativeDialogs) return;
    try {
      const picked = await client.call('dialogs.openPlanFile', {});
      if (picked) await importText(picked.fileName, picked.text);
    } catch (error) {
      report({ kind: 'error', title: 'Could not open a plan file', error });
    }
  }, [client, importText, report, nativeDialogs]);

  return { importFiles, importWithDialog };
}
