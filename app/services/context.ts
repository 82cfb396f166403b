/** What every service needs: the store, the event bus, the clock/ids (injectable for tests), the import worker. */
import type { EventName, EventPayload } from '../contract/index.ts';
import type { Store } from '../store/types.ts';
import type { ImportWorker } from './import-worker/client.ts';

export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: string, payload: unknown) => void>();
  return {
    emit(event, payload) {
      for (const l of listeners) {
        try {
          l(event, payload);
        } catch {
          /* a failing listener (a closed socket) must not stop the others */
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export interface ServiceContext {
  store: Store;
  events: EventBus;
  dataDir: string;
  now: () => Date;
  newId: () => string;
  /** Parses and converts imports off the event loop. */
  imports: ImportWorker;
}
