/** Native open/save dialogs, offered to the UI as the contract's dialogs.* methods (desktop only). */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { Handlers } from '../contract/index.ts';

const FILTERS = [{ name: 'Plans', extensions: ['yaml', 'yml', 'json'] }, { name: 'All files', extensions: ['*'] }];

export function dialogHandlers(window: () => BrowserWindow | undefined): Pick<Handlers, 'dialogs.openPlanFile' | 'dialogs.savePlanFile'> {
  return {
    'dialogs.openPlanFile': async () => {
      const w = window();
      const r = w ? await dialog.showOpenDialog(w, { properties: ['openFile'], filters: FILTERS }) : await dialog.showOpenDialog({ properties: ['openFile'], filters: FILTERS });
      const path = r.filePaths[0];
      if (r.canceled || !path) return null;
      return { fileName: basename(path), text: await readFile(path, 'utf8') };
    },
    'dialogs.savePlanFile': async ({ fileName, text }) => {
      const w = window();
      const r = w ? await dialog.showSaveDialog(w, { defaultPath: fileName, filters: FILTERS }) : await dialog.showSaveDialog({ defaultPath: fileName, filters: FILTERS });
      if (r.canceled || !r.filePath) return null;
      await writeFile(r.filePath, text);
      return { path: r.filePath };
    },
  };
}
