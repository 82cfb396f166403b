/**
 * "Stop" (graceful: no new iterations, running ones get their scenario's gracefulStop) and "Abort" (hard stop now)
 * for a running run. With `confirm`, each first asks in a dialog that names the mode and what it does.
 */
import { useState } from 'react';
import { useClient } from '../api.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

type Mode = 'graceful' | 'abort';

interface Props {
  runId: string;
  onError: (title: string, error: unknown) => void;
  /** Ask before stopping (the run dashboard does). */
  confirm?: boolean;
}

const ASK: Record<Mode, { title: string; text: string; label: string }> = {
  graceful: {
    title: 'Stop the run gracefully?',
    text: "No new iterations start; running ones may finish within their scenario's graceful stop. The summary keeps everything measured.",
    label: 'Stop run',
  },
  abort: {
    title: 'Abort the run now?',
    text: 'Every running iteration is interrupted at once. What was measured so far is kept in the summary.',
    label: 'Abort run',
  },
};

/** Two buttons; after one is pressed both show the run is stopping until its `run.done` arrives. */
export function StopButtons({ runId, onError, confirm = false }: Props) {
  const client = useClient();
  const [stopping, setStopping] = useState<Mode | null>(null);
  const [asking, setAsking] = useState<Mode | null>(null);
  const stop = async (mode: Mode) => {
    setAsking(null);
    setStopping(mode);
    try {
      await client.call('runs.stop', { id: runId, mode });
    } catch (error) {
      setStopping(null);
      onError(mode === 'abort' ? 'Could not abort the run' : 'Could not stop the run', error);
    }
  };
  const press = (mode: Mode) => (confirm ? setAsking(mode) : void stop(mode));
  return (
    <>
      <button
        type="button"
        onClick={() => press('graceful')}
        disabled={stopping !== null}
        title="No new iterations; running ones finish within their scenario's graceful stop"
      >
        {stopping === 'graceful' ? 'Stopping…' : 'Stop'}
      </button>
      <button
        type="button"
        className="danger"
        onClick={() => press('abort')}
        disabled={stopping === 'abort'}
        title="Interrupt everything now; what was measured is kept"
      >
        {stopping === 'abort' ? 'Aborting…' : 'Abort'}
      </button>
      {asking && (
        <ConfirmDialog
          title={ASK[asking].title}
          confirmLabel={ASK[asking].label}
          danger={asking === 'abort'}
          onConfirm={() => void stop(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{ASK[asking].text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
