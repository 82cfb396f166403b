/** Native open/save dialogs, offered to the UI as the contract's dialogs.* methods (desktop only): plans, importable files, exports and reports. */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { Handlers } from '../contract/index.ts';
import { OPEN_FILTERS, saveFilters } from './file-filters.ts';

export function dialogHandlers(
  window: () => BrowserWindow | undefined,
): Pick<Handlers, 'dialogs.openPlanFile' | 'dialogs.savePlanFile'> {
  return {
    'dialogs.openPlanFile': async () => {
      const w = window();
      const r = w
        ? await dialog.showOpenDialog(w, { properties: ['openFile'], filters: OPEN_FILTERS })
        : await dialog.showOpenDialog({ properties: ['openFile'], filters: OPEN_FILTERS });
      const path = r.filePaths[0];
      if (r.canceled || !path) return null;
      return { fileName: basename(path), text: await readFile(path, 'utf8') };
    },
    'dialogs.savePlanFile': async ({ fileName, text }) => {
      const w = window();
      const filters = saveFilters(fileName);
      const r = w
        ? await dialog.showSaveDialog(w, { defaultPath: fileName, filters })
        : await dialog.showSaveDialog({ defaultPath: fileName, filters });
      if (r.canceled || !r.filePath) return null;
      await writeFile(r.filePath, text);
      return { path: r.filePath };
    },
  };
}
