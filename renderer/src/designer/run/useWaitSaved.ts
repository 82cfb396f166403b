/** A promise that settles once the designer's autosave has stored every edit (or failed to). */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { SaveState } from '../state/useAutosave.ts';
import { saveOutcome } from './wait-saved.ts';

const TIMEOUT_MS = 15_000;

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
}

export function useWaitSaved(save: SaveState): () => Promise<void> {
  const current = useRef(save);
  // What the returned function reads when called from an event: the state as of the last commit.
  useLayoutEffect(() => {
    current.current = save;
  }, [save]);
  const waiters = useRef(new Set<Waiter>());

  useEffect(() => {
    const outcome = saveOutcome(save);
    if (!outcome.done) return;
    for (const w of waiters.current) {
      if ('error' in outcome) w.reject(new Error(outcome.error));
      else w.resolve();
    }
    waiters.current.clear();
  }, [save]);

  return useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        const outcome = saveOutcome(current.current);
        if (outcome.done) {
          if ('error' in outcome) reject(new Error(outcome.error));
          else resolve();
          return;
        }
        const timer = setTimeout(() => {
          waiters.current.delete(w);
          reject(new Error('saving the plan is taking too long; try again'));
        }, TIMEOUT_MS);
        const w: Waiter = {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        waiters.current.add(w);
      }),
    [],
  );
}
