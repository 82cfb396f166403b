/**
 * The contract over Electron IPC: one invoke channel for calls, one channel for events. Calls are answered only
 * for our own windows' frames (a navigated-away or foreign frame gets nothing), and validated by the dispatcher
 * exactly as in browser mode.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Dispatcher } from '../contract/dispatch.ts';
import type { Envelope } from '../contract/errors.ts';

export const CALL_CHANNEL = 'loadsmith:call';
export const EVENT_CHANNEL = 'loadsmith:event';

export interface EventSource {
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

export interface IpcOptions {
  /** Is this the URL of our renderer (app:// origin)? */
  trusted(url: string): boolean;
  /** The windows to send events to. */
  targets(): WebContents[];
}

/** Registers the call handler and forwards events; returns a function that undoes both. */
export function serveContractOverIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatcher: Dispatcher,
  events: EventSource,
  options: IpcOptions,
): () => void {
  ipcMain.handle(CALL_CHANNEL, async (e: IpcMainInvokeEvent, method: unknown, params: unknown): Promise<Envelope> => {
    const url = e.senderFrame?.url ?? '';
    if (!options.trusted(url))
      return {
        ok: false,
        error: { code: 'unsupported', message: 'calls are accepted only from the Loadsmith window' },
      };
    if (typeof method !== 'string')
      return { ok: false, error: { code: 'invalid_params', message: 'the method name must be a string' } };
    return dispatcher.call(method, params);
  });
  const unsubscribe = events.subscribe((event, payload) => {
    for (const wc of options.targets()) if (!wc.isDestroyed()) wc.send(EVENT_CHANNEL, event, payload);
  });
  return () => {
    ipcMain.removeHandler(CALL_CHANNEL);
    unsubscribe();
  };
}
