/** Saving a file the way the app runs: the native save dialog on the desktop, a browser download otherwise. */
import { useCallback } from 'react';
import { useCapabilities, useClient } from '../api.tsx';
import { downloadText } from './download.ts';

/** Resolves with where the file went (a path, or the download's name), or null when the user cancelled. */
export type SaveFile = (fileName: string, text: string, mediaType: string) => Promise<string | null>;

export function useSaveFile(): SaveFile {
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  return useCallback(
    async (fileName, text, mediaType) => {
      if (!nativeDialogs) {
        downloadText(fileName, text, mediaType);
        return fileName;
      }
      const saved = await client.call('dialogs.savePlanFile', { fileName, text });
      return saved?.path ?? null;
    },
    [client, nativeDialogs],
  );
}
