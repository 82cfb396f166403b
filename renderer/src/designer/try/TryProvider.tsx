/** The designer's Try it store (try-store.ts), one per designer, and the hooks that read it. */
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Path } from '../core/doc-path.ts';
import { TryStore, type LastTry, type TryState } from './try-store.ts';

const TryContext = createContext<TryStore | null>(null);

export function TryProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new TryStore());
  return <TryContext.Provider value={store}>{children}</TryContext.Provider>;
}

export function useTryStore(): TryStore {
  const store = useContext(TryContext);
  if (!store) throw new Error('useTryStore() needs a <TryProvider> above it');
  return store;
}

/** The results, busy state and variables, re-rendering when they change. */
export function useTryState(): TryState {
  const store = useTryStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The last Try it result of the request at `path`, re-rendering when it changes. */
export function useLastTry(path: Path): LastTry | undefined {
  const store = useTryStore();
  return useSyncExternalStore(store.subscribe, () => store.lastTry(path));
}
