/**
 * Files dropped on the plan library: plan files (YAML or JSON) are imported at once, as before; anything else
 * (cURL, HAR, Postman, OpenAPI, Vegeta) opens the import dialog on its preview, so its report is read first.
 * The back end detects the format; an invalid plan file comes back as a ContractError with located issues.
 */
import { useCallback } from 'react';
import type { PlanRecord } from '../../../app/contract/plans.ts';
import { useClient } from '../api.tsx';
import type { Messages } from '../ui/messages.ts';
import { importParams, optionsFor, readImportFiles, type ImportText } from './import/source.ts';

type Report = Messages['push'];

export interface PlanImport {
  /** Imports dropped or chosen files. */
  importFiles(files: readonly File[]): Promise<void>;
}

/** `onImported` runs after each plan stored; `onPreview` opens the dialog for the first file that needs one. */
export function usePlanImport(report: Report, onImported: (plan: PlanRecord) => void, onPreview: (source: ImportText) => void): PlanImport {
  const client = useClient();

  const importFiles = useCallback(async (files: readonly File[]) => {
    const { sources, problems } = await readImportFiles(files);
    for (const p of problems) report({ kind: 'error', title: `Could not import ${p.fileName}`, error: new Error(p.message) });
    let previewing: string | null = null;
    // One at a time: the order of messages then matches the order of files.
    for (const source of sources) {
      try {
        const preview = await client.call('plans.previewImport', importParams(source, 'auto', optionsFor(source)));
        if (preview.format !== 'plan') {
          if (previewing === null) { previewing = source.fileName; onPreview(source); }
          else report({ kind: 'error', title: `Did not import ${source.fileName}`, error: new Error(`Converted files are imported one at a time: import ${source.fileName} after ${previewing}.`) });
          continue;
        }
        const plan = await client.call('plans.import', { text: source.text, fileName: source.fileName });
        report({ kind: 'info', content: <>Imported <strong>{plan.name}</strong> from {source.fileName}.</> });
        onImported(plan);
      } catch (error) {
        report({ kind: 'error', title: `Could not import ${source.fileName}`, error });
      }
    }
  }, [client, report, onImported, onPreview]);

  return { importFiles };
}
