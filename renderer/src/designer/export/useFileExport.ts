/**
 * One export: the back end writes the file (plan, k6 script, cURL, HAR) and its report; the desktop saves it
 * through the native dialog, the browser downloads it. Resolves null when the save dialog was cancelled.
 */
import { useCallback } from 'react';
import type { ExportedFile } from '../../../../app/contract/plans.ts';
import { useClient } from '../../api.tsx';
import { useSaveFile } from '../../ui/useSaveFile.ts';
import { choiceTitle, type ExportChoice } from './choices.ts';

export interface ExportOutcome {
  /** "k6 script", "cURL of Log in". */
  title: string;
  /** Where it went: the saved path, or the downloaded file's name. */
  where: string;
  file: ExportedFile;
  includeSecrets: boolean;
}

export function useFileExport(): (planId: string, choice: ExportChoice) => Promise<ExportOutcome | null> {
  const client = useClient();
  const save = useSaveFile();
  return useCallback(
    async (planId, choice) => {
      const file = await client.call('plans.export', {
        id: planId,
        format: choice.format,
        ...(choice.includeSecrets ? { includeSecrets: true } : {}),
        ...(choice.request !== undefined ? { request: choice.request } : {}),
      });
      const where = await save(file.fileName, file.text, file.mediaType);
      if (where === null) return null;
      return { title: choiceTitle(choice), where, file, includeSecrets: choice.includeSecrets === true };
    },
    [client, save],
  );
}

/** Worth keeping on screen until dismissed: something was replaced or could not be expressed. */
export function outcomeNeedsReading(o: ExportOutcome): boolean {
  return o.file.replacedSecrets.length > 0 || o.file.notes.some((n) => n.kind !== 'info') || o.includeSecrets;
}
