/**
 * The tab the user last chose in each set of tabs of a designer (a request's sections, a response's details), so
 * selecting another request or trying again shows the same section. Kept per designer, not per page load.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';

const TabMemoryContext = createContext<Map<string, string> | null>(null);

export function TabMemoryProvider({ children }: { children: ReactNode }) {
  const [memory] = useState(() => new Map<string, string>());
  return <TabMemoryContext.Provider value={memory}>{children}</TabMemoryContext.Provider>;
}

/** The tab last chosen in the set `key` (undefined at first), and how to remember a choice (from an event). */
export function useTabMemory(key: string): { chosen: () => string | undefined; remember: (id: string) => void } {
  const memory = useContext(TabMemoryContext);
  if (!memory) throw new Error('useTabMemory() needs a <TabMemoryProvider> above it');
  return {
    chosen: () => memory.get(key),
    remember: (id) => {
      memory.set(key, id);
    },
  };
}
