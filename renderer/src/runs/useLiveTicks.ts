/** The latest `run.tick` of every running run, dropped again when the run is done. */
import { useState } from 'react';
import { useEvent } from '../ui/hooks.ts';
import type { Tick } from './live.ts';

/** A map runId -> latest tick, kept while mounted. */
export function useLiveTicks(): ReadonlyMap<string, Tick> {
  const [ticks, setTicks] = useState<ReadonlyMap<string, Tick>>(new Map());
  useEvent('run.tick', ({ runId, tick }) => setTicks((m) => new Map(m).set(runId, tick)));
  useEvent('run.done', ({ runId }) =>
    setTicks((m) => {
      if (!m.has(runId)) return m;
      const next = new Map(m);
      next.delete(runId);
      return next;
    }),
  );
  return ticks;
}
