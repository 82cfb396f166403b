/**
 * A run's per-second points for its charts: the stored samples (`runs.samples`), then the `run.tick` events that
 * follow; those already stored are dropped by time (mergePoints). Ticks missed meanwhile (the event channel was
 * not open yet, or dropped) are fetched again: the samples are reloaded when the channel opens, and whenever a tick
 * arrives more than a second after the last point known (t is the end of each one-second interval). Ticks are
 * applied in batches at most every FLUSH_MS, so a burst redraws once, and only the newest tick's live totals are kept.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useConnectionState } from '../../api.tsx';
import { useEvent } from '../../ui/hooks.ts';
import { appendPoints, mergePoints } from './merge.ts';
import { toPoint, type RunPoint, type Tick } from './types.ts';

const FLUSH_MS = 200;
/** Consecutive points are at most one second apart. */
const MAX_STEP = 1 + 1e-6;

export interface RunPoints {
  points: readonly RunPoint[];
  /** The newest tick received while this page is open (with its live totals). */
  latest: Tick | undefined;
  /** The stored samples have arrived. */
  loaded: boolean;
  error: unknown;
  /** Asks for the stored samples again (after a reconnect, or once the run is done). */
  reload(): void;
}

interface State {
  stored: readonly RunPoint[] | undefined;
  live: readonly RunPoint[];
  latest: Tick | undefined;
  error: unknown;
}

export function useRunPoints(runId: string): RunPoints {
  const client = useClient();
  const [state, setState] = useState<State>({ stored: undefined, live: [], latest: undefined, error: undefined });
  const pending = useRef<{ points: RunPoint[]; latest: Tick | undefined }>({ points: [], latest: undefined });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);
  /** The latest t known (stored or live), to notice a missed tick. */
  const lastT = useRef<number | undefined>(undefined);

  const load = useCallback(() => {
    const mine = ++generation.current;
    client.call('runs.samples', { id: runId }).then(
      (samples) => {
        if (mine !== generation.current) return;
        const last = samples.at(-1)?.t ?? 0;
        lastT.current = Math.max(lastT.current ?? 0, last);
        setState((s) => ({ ...s, stored: samples, live: s.live.filter((p) => p.t > last), error: undefined }));
      },
      (error: unknown) => {
        if (mine === generation.current) setState((s) => ({ ...s, error }));
      },
    );
  }, [client, runId]);

  const flush = useCallback(() => {
    timer.current = null;
    const { points, latest } = pending.current;
    pending.current = { points: [], latest: undefined };
    const first = points[0];
    if (!first) return;
    if (lastT.current !== undefined && first.t > lastT.current + MAX_STEP) load();
    lastT.current = Math.max(lastT.current ?? first.t, points.at(-1)?.t ?? first.t);
    setState((s) => ({ ...s, live: appendPoints(s.live, points), latest: latest ?? s.latest }));
  }, [load]);

  useEvent('run.tick', ({ runId: id, tick }) => {
    if (id !== runId) return;
    pending.current.points.push(toPoint(tick));
    pending.current.latest = tick;
    timer.current ??= setTimeout(flush, FLUSH_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  useEffect(load, [load]);
  // The event channel (re)opened: ticks sent before may have been missed.
  const connection = useConnectionState();
  const wasOpen = useRef(connection === 'open');
  useEffect(() => {
    if (connection === 'open' && !wasOpen.current) load();
    wasOpen.current = connection === 'open';
  }, [connection, load]);

  const points = useMemo(() => mergePoints(state.stored ?? [], state.live), [state.stored, state.live]);
  return { points, latest: state.latest, loaded: state.stored !== undefined, error: state.error, reload: load };
}
