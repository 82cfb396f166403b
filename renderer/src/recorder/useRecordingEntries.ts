/**
 * A recording's entries, kept current: the stored ones loaded once (again after a reconnect), live
 * `recording.entry` events merged in. Events are batched (every 100 ms at most) so a burst of thousands of
 * exchanges does not re-render the list for each one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntrySummary } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';
import { useEvent, useOnReconnect } from '../ui/hooks.ts';
import { mergeEntries } from './entry-list.ts';

const FLUSH_MS = 100;

export interface RecordingEntries {
  entries: EntrySummary[];
  /** The first load has answered (entries may still be empty). */
  loaded: boolean;
  error: unknown;
  reload(): void;
}

export function useRecordingEntries(id: string): RecordingEntries {
  const client = useClient();
  const [entries, setEntries] = useState<EntrySummary[]>([]);
  const [state, setState] = useState<{ loaded: boolean; error: unknown }>({ loaded: false, error: undefined });
  const [generation, setGeneration] = useState(0);
  const pending = useRef<EntrySummary[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    timer.current = null;
    const batch = pending.current;
    pending.current = [];
    if (batch.length > 0) setEntries((list) => mergeEntries(list, batch));
  }, []);

  useEvent('recording.entry', (p) => {
    if (p.recordingId !== id) return;
    pending.current.push(p.entry);
    timer.current ??= setTimeout(flush, FLUSH_MS);
  });

  useEffect(() => {
    let current = true;
    client.call('recordings.entries', { id }).then(
      // Events that arrived while loading are already in the list: keep them, the stored list fills the rest.
      (stored) => {
        if (current) {
          setEntries((live) => mergeEntries(stored, live));
          setState({ loaded: true, error: undefined });
        }
      },
      (error: unknown) => {
        if (current) setState({ loaded: true, error });
      },
    );
    return () => {
      current = false;
    };
  }, [client, id, generation]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  useOnReconnect(reload);
  return { entries, loaded: state.loaded, error: state.error, reload };
}
