/**
 * The back end as React sees it: a typed Client, the host's Capabilities and the event channel's state,
 * provided once at the root. Components never learn which transport is underneath.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createClient, type Client } from '../../app/contract/client.ts';
import type { Capabilities, ConnectionState, PickedTransport } from './transport/index.ts';

interface Api {
  client: Client;
  capabilities: Capabilities;
  picked: PickedTransport;
}

const ApiContext = createContext<Api | null>(null);

/** Makes the client for `picked` available to everything below. */
export function ApiProvider({ picked, children }: { picked: PickedTransport; children: ReactNode }) {
  const api = useMemo<Api>(
    () => ({ client: createClient(picked.transport), capabilities: picked.capabilities, picked }),
    [picked],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useClient() needs an <ApiProvider> above it');
  return api;
}

/** The typed contract client: `client.call('plans.list', {})`, `client.on('run.tick', ...)`. */
export function useClient(): Client {
  return useApi().client;
}

/** What the host can do (e.g. native file dialogs). */
export function useCapabilities(): Capabilities {
  return useApi().capabilities;
}

/** The event channel's state, re-rendering when it changes. */
export function useConnectionState(): ConnectionState {
  const { connection } = useApi().picked;
  return useSyncExternalStore(connection.subscribe.bind(connection), connection.get.bind(connection));
}
