/**
 * What can be done to a stored recording, each reporting to the page's messages: rename, delete, export as HAR
 * (secrets redacted unless asked for), and importing a HAR file as a new recording.
 */
import { useMemo } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { useCapabilities, useClient } from '../api.tsx';
import type { Messages } from '../ui/messages.ts';
import { useSaveFile } from '../ui/useSaveFile.ts';

export interface HarExportChoice {
  entryIds?: number[];
  includeSecrets: boolean;
}

export interface RecordingActions {
  rename(r: Recording, name: string): Promise<boolean>;
  remove(r: Recording): Promise<void>;
  exportHar(r: Recording, o: HarExportChoice): Promise<void>;
  /** A HAR file chosen in the page (browser mode), or null to use the native dialog (desktop). */
  importHar(file: File | null): Promise<Recording | null>;
}

export function useRecordingActions(push: Messages['push'], reload: () => void): RecordingActions {
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  const saveFile = useSaveFile();
  return useMemo<RecordingActions>(
    () => ({
      async rename(r, name) {
        try {
          await client.call('recordings.rename', { id: r.id, name });
          reload();
          return true;
        } catch (error) {
          push({ kind: 'error', title: `Could not rename ${r.name}`, error });
          return false;
        }
      },
      async remove(r) {
        try {
          await client.call('recordings.delete', { id: r.id });
          push({
            kind: 'info',
            content: (
              <>
                Deleted the recording <strong>{r.name}</strong>.
              </>
            ),
          });
        } catch (error) {
          push({ kind: 'error', title: `Could not delete ${r.name}`, error });
        }
        reload();
      },
      async exportHar(r, o) {
        try {
          const har = await client.call('recordings.exportHar', {
            id: r.id,
            includeSecrets: o.includeSecrets,
            ...(o.entryIds ? { entryIds: o.entryIds } : {}),
          });
          const where = await saveFile(har.fileName, har.text, har.mediaType);
          if (where === null) return;
          push({
            kind: 'info',
            sticky: o.includeSecrets,
            content: o.includeSecrets ? (
              <>
                Exported <strong>{r.name}</strong> to {where} <strong>with its secrets in clear</strong>: keep the file
                private.
              </>
            ) : (
              <>
                Exported <strong>{r.name}</strong> to {where}; {har.redacted} secret value
                {har.redacted === 1 ? '' : 's'} redacted.
              </>
            ),
          });
        } catch (error) {
          push({ kind: 'error', title: `Could not export ${r.name} as HAR`, error });
        }
      },
      async importHar(file) {
        let name = file?.name ?? 'the HAR file';
        try {
          const picked = file
            ? { fileName: file.name, text: await file.text() }
            : nativeDialogs
              ? await client.call('dialogs.openPlanFile', {})
              : null;
          if (!picked) return null;
          name = picked.fileName;
          const r = await client.call('recordings.importHar', { text: picked.text, fileName: picked.fileName });
          push({
            kind: 'info',
            content: (
              <>
                Imported <strong>{r.name}</strong>: {r.entryCount} entries.
              </>
            ),
          });
          reload();
          return r;
        } catch (error) {
          push({ kind: 'error', title: `Could not import ${name}`, error });
          return null;
        }
      },
    }),
    [client, nativeDialogs, saveFile, push, reload],
  );
}
