/** Chooses the transport once, at start-up. The rest of the renderer sees only a Client and Capabilities. */
import { createHttpTransport } from './http.ts';
import { createIpcTransport, isBridge } from './ipc.ts';
import type { PickedTransport } from './types.ts';

export type { Capabilities, ConnectionState, PickedTransport } from './types.ts';

/** IPC when the Electron preload bridge is present, otherwise HTTP + WebSocket to the page's own origin. */
export function pickTransport(host: Pick<Window, 'loadsmith'> = window): PickedTransport {
  return isBridge(host.loadsmith) ? createIpcTransport(host.loadsmith) : createHttpTransport();
}
