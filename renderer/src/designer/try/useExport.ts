/**
 * Export from the designer: the stored plan (so the autosave must have caught up first) as YAML, secrets
 * replaced by ${env.NAME} references; saved through the native dialog on the desktop, downloaded in a browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCapabilities, useClient } from '../../api.tsx';
import { downloadText } from '../../ui/download.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export type ExportNote = { kind: 'info'; text: string } | { kind: 'error'; error: unknown } | null;

export interface ExportAction {
  run(): void;
  /** Waiting for the autosave, or exporting. */
  pending: boolean;
  note: ExportNote;
  dismiss(): void;
}

export function useExport(): ExportAction {
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  const { planId, save } = useDesigner();
  const [waiting, setWaiting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [note, setNote] = useState<ExportNote>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const exportNow = useCallback(async () => {
    setExporting(true);
    setNote(null);
    try {
      const file = await client.call('plans.export', { id: planId, format: 'yaml' });
      let where = file.fileName;
      if (nativeDialogs) {
        const saved = await client.call('dialogs.savePlanFile', { fileName: file.fileName, text: file.text });
        if (!saved) return; // cancelled
        where = saved.path;
      } else {
        downloadText(file.fileName, file.text, 'application/yaml');
      }
      const n = file.replacedSecrets.length;
      const secrets = n === 0 ? '' : ` ${n === 1 ? '1 secret was' : `${n} secrets were`} replaced by \${env.…} references (${file.replacedSecrets.map((s) => s.env).join(', ')}).`;
      setNote({ kind: 'info', text: `Exported to ${where}.${secrets}` });
      clearTimeout(fade.current);
      if (n === 0) fade.current = setTimeout(() => setNote(null), 8000);
    } catch (error) {
      setNote({ kind: 'error', error });
    } finally {
      setExporting(false);
    }
  }, [client, planId, nativeDialogs]);

  // An export asked for while edits were unsaved starts once the autosave has stored them.
  useEffect(() => {
    if (!waiting) return;
    if (save.status === 'saved') { setWaiting(false); void exportNow(); }
    else if (save.status === 'error' || save.status === 'conflict') {
      setWaiting(false);
      setNote({ kind: 'error', error: new Error(`the plan is not saved (${save.message}), so it cannot be exported yet`) });
    }
  }, [waiting, save, exportNow]);
  useEffect(() => () => clearTimeout(fade.current), []);

  const run = useCallback(() => {
    if (save.status === 'saved') void exportNow();
    else setWaiting(true);
  }, [save.status, exportNow]);

  return { run, pending: waiting || exporting, note, dismiss: () => setNote(null) };
}
