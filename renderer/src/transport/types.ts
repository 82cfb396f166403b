/** What a transport gives the rest of the renderer: calls + events, what the host can do, and whether events flow. */
import type { Transport } from '../../../app/contract/client.ts';

/** `connecting` before the first event channel is up; `reconnecting` after it dropped (events may have been missed). */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

/** A readable, subscribable connection state (the shape `useSyncExternalStore` wants). */
export interface Connection {
  get(): ConnectionState;
  subscribe(listener: () => void): () => void;
}

/** What the host offers beyond the contract. The UI adapts to these, never to "which transport". */
export interface Capabilities {
  /** Native open/save dialogs (`dialogs.*` methods); otherwise file inputs and downloads. */
  nativeDialogs: boolean;
}

export interface PickedTransport {
  transport: Transport;
  capabilities: Capabilities;
  connection: Connection;
}

/** A connection that is always open (IPC has no network in between). */
export const ALWAYS_OPEN: Connection = { get: () => 'open', subscribe: () => () => undefined };
