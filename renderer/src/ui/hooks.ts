/** Small data hooks shared by the pages: load through the client, follow contract events, notice reconnects. */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Client } from '../../../app/contract/client.ts';
import type { EventName, EventPayload } from '../../../app/contract/index.ts';
import { useClient, useConnectionState } from '../api.tsx';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again, keeping the current data on screen meanwhile. */
  reload(): void;
}

/**
 * Runs `load` now and whenever `key` changes or `reload()` is called. Late answers of superseded loads are dropped,
 * so a slow reply cannot overwrite a newer one.
 */
export function useLoad<T>(load: (client: Client) => Promise<T>, key: string): Loaded<T> {
  const client = useClient();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  // The latest `load`, without reloading when only its identity changes (callers pass a new closure each render).
  const loadNow = useEffectEvent((c: Client) => load(c));

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    loadNow(client).then(
      (data) => {
        if (current) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (current) setState((s) => ({ data: s.data, error, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, [client, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}

/** Calls `listener` for every `event` while mounted (the latest listener, without resubscribing). */
export function useEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void {
  const client = useClient();
  const onEvent = useEffectEvent((p: EventPayload<E>) => listener(p));
  useEffect(() => client.on(event, (p) => onEvent(p)), [client, event]);
}

/** Calls `onReconnect` when the event channel comes back after a drop: events may have been missed, so refresh. */
export function useOnReconnect(onReconnect: () => void): void {
  const state = useConnectionState();
  const previous = useRef(state);
  const reconnected = useEffectEvent(() => onReconnect());
  useEffect(() => {
    if (previous.current === 'reconnecting' && state === 'open') reconnected();
    previous.current = state;
  }, [state]);
}

/** Sets the window title while a page is shown. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Loadsmith` : 'Loadsmith';
  }, [title]);
}
