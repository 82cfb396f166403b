/**
 * Page messages (results of actions) kept as a small list, newest first, each dismissible. Errors and "sticky"
 * notes stay until dismissed; plain confirmations ("Created X.") fade after a while so they do not pile up.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

type NewMessage =
  { kind: 'error'; title: string; error: unknown } | { kind: 'info'; content: ReactNode; sticky?: boolean };

export type PageMessage = NewMessage & { id: number };

/** How long a non-sticky confirmation stays. */
const INFO_MS = 8000;

export interface Messages {
  list: PageMessage[];
  push(message: NewMessage): void;
  dismiss(id: number): void;
  clear(): void;
}

/** Keeps at most `max` messages so a burst of imports does not push the page down forever. */
export function useMessages(max = 4): Messages {
  const [list, setList] = useState<PageMessage[]>([]);
  const next = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => setList((l) => l.filter((m) => m.id !== id)), []);
  const push = useCallback(
    (m: NewMessage) => {
      const id = next.current++;
      setList((l) => [{ ...m, id }, ...l].slice(0, max));
      if (m.kind === 'info' && !m.sticky) {
        const t = setTimeout(() => {
          timers.current.delete(t);
          dismiss(id);
        }, INFO_MS);
        timers.current.add(t);
      }
    },
    [max, dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
    };
  }, []);
  const clear = useCallback(() => setList([]), []);
  return { list, push, dismiss, clear };
}
