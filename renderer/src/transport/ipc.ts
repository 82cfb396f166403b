/** Desktop: the Electron preload exposes `window.loadsmith`; calls and events go over IPC to the main process. */
import type { Transport } from '../../../app/contract/client.ts';
import { networkFailure } from './envelope.ts';
import { ALWAYS_OPEN, type PickedTransport } from './types.ts';

/** What app/preload puts on `window.loadsmith`. `invoke` resolves with the call's Envelope. */
export interface LoadsmithBridge {
  invoke(method: string, params: unknown): Promise<unknown>;
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    loadsmith?: unknown;
  }
}

/** True when `value` looks like the preload bridge (checked, because anything could sit on window). */
export function isBridge(value: unknown): value is LoadsmithBridge {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.invoke === 'function' && typeof v.subscribe === 'function';
}

/** Wraps the bridge as a Transport; native dialogs are available in this face only. */
export function createIpcTransport(bridge: LoadsmithBridge): PickedTransport {
  const transport: Transport = {
    async call(method, params) {
      try {
        return await bridge.invoke(method, params ?? {});
      } catch (e) {
        // invoke rejects only when IPC itself failed (the main process answers errors as envelopes).
        return networkFailure(e);
      }
    },
    subscribe: (listener) => bridge.subscribe(listener),
  };
  return { transport, capabilities: { nativeDialogs: true }, connection: ALWAYS_OPEN };
}
