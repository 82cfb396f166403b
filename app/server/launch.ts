/**
 * `loadsmith ui [--port N] [--no-open] [--data-dir DIR]`: browser mode. Opens the store, mounts the services on
 * HTTP + WebSocket on 127.0.0.1 behind a random token, prints the login link and opens it in a browser.
 * The command line is parsed by the CLI (engine/cli/specs/ui.ts), which hands the options to uiCommand.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UiLauncher } from 'loadsmith';
import { createServices } from '../services/index.ts';
import { defaultDataDir, openStore } from '../store/index.ts';
import { startUiServer } from './index.ts';

const RENDERER = fileURLToPath(new URL('../../renderer/dist', import.meta.url));

export const uiCommand: UiLauncher = async (options) => {
  const { port } = options;
  const dataDir = options.dataDir ?? process.env.LOADSMITH_DATA_DIR ?? defaultDataDir();

  let store;
  try {
    store = openStore({ dataDir });
  } catch (e) {
    process.stderr.write(`error: cannot open the database in ${dataDir}: ${(e as Error).message}\n`);
    return 1;
  }
  const services = createServices({ store, dataDir, mode: 'browser' });
  const server = await startUiServer({
    dispatcher: services.dispatcher,
    events: services.events,
    port,
    staticDir: RENDERER,
  });
  if (!existsSync(RENDERER))
    process.stderr.write('note: the UI is not built yet: run `npm run build:ui` (or `npm run web`)\n');
  process.stdout.write(
    `Loadsmith is running on ${server.url} (data: ${dataDir})\nOpen: ${server.loginUrl}\nCtrl-C to stop.\n`,
  );
  if (options.open) openBrowser(server.loginUrl);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stdout.write('stopping (a running test is stopped and its summary stored)\n');
  await server.close();
  await services.close();
  return 0;
};

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => process.stderr.write(`could not open a browser; open the link above yourself\n`));
    child.unref();
  } catch {
    process.stderr.write('could not open a browser; open the link above yourself\n');
  }
}
