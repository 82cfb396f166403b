/**
 * Export from the designer: the stored plan (so the autosave must have caught up first) as YAML, JSON, a k6
 * script, cURL or HAR; secrets replaced by ${env.NAME} references unless the user confirmed otherwise; saved
 * through the native dialog on the desktop, downloaded in a browser. The result carries the converter's notes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { choiceTitle, type ExportChoice } from '../export/choices.ts';
import { outcomeNeedsReading, useFileExport, type ExportOutcome } from '../export/useFileExport.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export type ExportNote =
  { kind: 'info'; text: string; outcome: ExportOutcome } | { kind: 'error'; error: unknown } | null;

export interface ExportAction {
  /** Exports the plan as YAML. */
  run(): void;
  /** Exports in the given format. */
  runAs(choice: ExportChoice): void;
  /** Waiting for the autosave, or exporting. */
  pending: boolean;
  note: ExportNote;
  dismiss(): void;
}

const YAML: ExportChoice = { format: 'yaml' };

export function useExport(): ExportAction {
  const exportFile = useFileExport();
  const { planId, save } = useDesigner();
  const [waiting, setWaiting] = useState<ExportChoice | null>(null);
  const [exporting, setExporting] = useState(false);
  const [note, setNote] = useState<ExportNote>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const exportNow = useCallback(
    async (choice: ExportChoice) => {
      setExporting(true);
      setNote(null);
      try {
        const outcome = await exportFile(planId, choice);
        if (!outcome) return; // cancelled in the save dialog
        const n = outcome.file.replacedSecrets.length;
        const secrets =
          n === 0
            ? ''
            : ` ${n === 1 ? '1 secret was' : `${n} secrets were`} replaced by \${env.…} references (${outcome.file.replacedSecrets.map((s) => s.env).join(', ')}).`;
        setNote({ kind: 'info', text: `Exported the ${choiceTitle(choice)} to ${outcome.where}.${secrets}`, outcome });
        clearTimeout(fade.current);
        if (!outcomeNeedsReading(outcome)) fade.current = setTimeout(() => setNote(null), 8000);
      } catch (error) {
        setNote({ kind: 'error', error });
      } finally {
        setExporting(false);
      }
    },
    [exportFile, planId],
  );

  // An export asked for while edits were unsaved starts once the autosave has stored them.
  useEffect(() => {
    if (waiting === null) return;
    if (save.status === 'saved') {
      setWaiting(null);
      void exportNow(waiting);
    } else if (save.status === 'error' || save.status === 'conflict') {
      setWaiting(null);
      setNote({
        kind: 'error',
        error: new Error(`the plan is not saved (${save.message}), so it cannot be exported yet`),
      });
    }
  }, [waiting, save, exportNow]);
  useEffect(() => () => clearTimeout(fade.current), []);

  const runAs = useCallback(
    (choice: ExportChoice) => {
      if (save.status === 'saved') void exportNow(choice);
      else setWaiting(choice);
    },
    [save.status, exportNow],
  );
  const run = useCallback(() => runAs(YAML), [runAs]);

  return { run, runAs, pending: waiting !== null || exporting, note, dismiss: () => setNote(null) };
}
