/** "Stop" (graceful: running iterations finish) and "Abort" (hard stop) for a running run. */
import { useState } from 'react';
import { useClient } from '../api.tsx';

interface Props {
  runId: string;
  onError: (title: string, error: unknown) => void;
}

/** Two buttons; after one is pressed both show the run is stopping until its `run.done` arrives. */
export function StopButtons({ runId, onError }: Props) {
  const client = useClient();
  const [stopping, setStopping] = useState<'graceful' | 'abort' | null>(null);
  const stop = async (mode: 'graceful' | 'abort') => {
    setStopping(mode);
    try {
      await client.call('runs.stop', { id: runId, mode });
    } catch (error) {
      setStopping(null);
      onError(mode === 'abort' ? 'Could not abort the run' : 'Could not stop the run', error);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void stop('graceful')} disabled={stopping !== null}
        title="No new iterations; running ones finish within their scenario's graceful stop">
        {stopping === 'graceful' ? 'Stopping…' : 'Stop'}
      </button>
      <button type="button" className="danger" onClick={() => void stop('abort')} disabled={stopping === 'abort'}
        title="Interrupt everything now; what was measured is kept">
        {stopping === 'abort' ? 'Aborting…' : 'Abort'}
      </button>
    </>
  );
}
