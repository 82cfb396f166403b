/**
 * The preload bridge: exposes exactly two functions for the contract's channels — invoke a method, subscribe to
 * events — and nothing else of Electron or Node to the page (contextIsolation + sandbox).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// Channel names are repeated here on purpose: a sandboxed preload is bundled alone and must not import app code.
const CALL_CHANNEL = 'loadsmith:call';
const EVENT_CHANNEL = 'loadsmith:event';

contextBridge.exposeInMainWorld('loadsmith', {
  invoke: (method: string, params: unknown): Promise<unknown> => ipcRenderer.invoke(CALL_CHANNEL, method, params),
  subscribe: (listener: (event: string, payload: unknown) => void): (() => void) => {
    const handler = (_e: IpcRendererEvent, event: string, payload: unknown): void => listener(event, payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
});
