/**
 * `loadsmith ui [--port N] [--no-open] [--data-dir DIR]`: browser mode. Opens the store, mounts the services on
 * HTTP + WebSocket on 127.0.0.1 behind a random token, prints the login link and opens it in a browser.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServices } from '../services/index.ts';
import { defaultDataDir, openStore } from '../store/index.ts';
import { startUiServer } from './index.ts';

const RENDERER = fileURLToPath(new URL('../../renderer/dist', import.meta.url));

export const UI_HELP = `loadsmith ui [--port N] [--no-open] [--data-dir DIR]
  Serves the Loadsmith app on 127.0.0.1 (a random port unless --port) and opens it in your browser.
  --data-dir (or LOADSMITH_DATA_DIR) chooses where the database lives (default: ${defaultDataDir()}).`;

export async function uiCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: {
      port: { type: 'string', short: 'p' }, 'no-open': { type: 'boolean' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    } }));
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${UI_HELP}\n`);
    return 1;
  }
  if (values.help) { process.stdout.write(`${UI_HELP}\n`); return 0; }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) { process.stderr.write(`error: --port: '${values.port}' is not a port number\n`); return 1; }
  const dataDir = values['data-dir'] ?? process.env.LOADSMITH_DATA_DIR ?? defaultDataDir();

  let store;
  try {
    store = openStore({ dataDir });
  } catch (e) {
    process.stderr.write(`error: cannot open the database in ${dataDir}: ${(e as Error).message}\n`);
    return 1;
  }
  const services = createServices({ store, dataDir, mode: 'browser' });
  const server = await startUiServer({ dispatcher: services.dispatcher, events: services.events, port, staticDir: RENDERER });
  if (!existsSync(RENDERER)) process.stderr.write('note: the UI is not built yet: run `npm run build:ui` (or `npm run web`)\n');
  process.stdout.write(`Loadsmith is running on ${server.url} (data: ${dataDir})\nOpen: ${server.loginUrl}\nCtrl-C to stop.\n`);
  if (!values['no-open']) openBrowser(server.loginUrl);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stdout.write('stopping (a running test is stopped and its summary stored)\n');
  await server.close();
  await services.close();
  return 0;
}

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
