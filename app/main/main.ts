/**
 * Electron main process: opens the store in the user's data directory, mounts the same services as browser mode
 * on IPC, serves the renderer on app://, and opens one locked-down window. The only place (with the preload)
 * that imports electron. Runs from the bundle built by `npm run build:electron` (dist/electron/main.mjs).
 */
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol } from 'electron';
import { createServices, type Services } from '../services/index.ts';
import { openStore } from '../store/index.ts';
import { safeStorageCipher } from './cipher.ts';
import { dialogHandlers } from './dialogs.ts';
import { serveContractOverIpc } from './ipc.ts';
import { installMenu } from './menu.ts';
import { isAppUrl, serveRenderer } from './protocol.ts';
import { createMainWindow } from './window.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const PRELOAD = here('./preload.cjs');
const RENDERER = here('../../renderer/dist');
const WORKER = new URL('./worker.mjs', import.meta.url);
const IMPORT_WORKER = new URL('./import-worker.mjs', import.meta.url);

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const flag = process.argv.indexOf('--data-dir');
const dataDir =
  (flag >= 0 ? process.argv[flag + 1] : undefined) ?? process.env.LOADSMITH_DATA_DIR ?? app.getPath('userData');

let services: Services | undefined;
let window: BrowserWindow | undefined;

app
  .whenReady()
  .then(() => {
    const cipher = safeStorageCipher();
    const store = openStore({ dataDir, ...(cipher ? { cipher } : {}) });
    services = createServices({
      store,
      dataDir,
      mode: 'electron',
      workerUrl: WORKER,
      importWorkerUrl: IMPORT_WORKER,
      overrides: dialogHandlers(() => window),
    });
    serveRenderer(protocol, RENDERER);
    serveContractOverIpc(ipcMain, services.dispatcher, services.events, {
      trusted: isAppUrl,
      targets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
    });
    const events = services.events;
    installMenu((command) => events.emit('app.command', { command }));
    window = createMainWindow(PRELOAD);
    window.on('closed', () => {
      window = undefined;
    });
  })
  .catch((e: unknown) => {
    // A database from a newer version, an unreadable data directory: say so, never corrupt anything.
    dialog.showErrorBox('Loadsmith cannot start', (e as Error).message ?? String(e));
    app.exit(1);
  });

app.on('window-all-closed', () => app.quit());

let closing = false;
app.on('before-quit', (e) => {
  if (closing || !services) return;
  // Let a running test stop and store its summary before the process exits.
  e.preventDefault();
  closing = true;
  void services.close().finally(() => app.quit());
});
