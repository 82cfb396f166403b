/**
 * A recording in progress: its proxy address (to copy into any client), "Stop recording", "Record with a browser"
 * and the CA for other clients.
 */
import { useId } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';
import { OpenBrowserForm } from './OpenBrowserForm.tsx';
import { OtherClientsPanel } from './OtherClientsPanel.tsx';

interface Props {
  recording: Recording;
  stopping: boolean;
  onStopping: (on: boolean) => void;
  onError: (title: string, error: unknown) => void;
}

/** Region "Recording in progress": textbox "Proxy address" (read-only), button "Stop recording". */
export function LiveControls({ recording: r, stopping, onStopping, onError }: Props) {
  const client = useClient();
  const id = useId();
  const stop = async () => {
    onStopping(true);
    try {
      await client.call('recordings.stop', { id: r.id });
    } catch (e) {
      onError('The recording did not stop', e);
    } finally {
      onStopping(false);
    }
  };
  return (
    <section className="panel live-recording" aria-label="Recording in progress">
      <div className="live-bar">
        <span className="live">
          <span className="live-dot" aria-hidden="true" /> Recording
        </span>
        <label htmlFor={`${id}-proxy`} className="inline-label">
          Proxy address
        </label>
        <input
          id={`${id}-proxy`}
          readOnly
          value={r.proxyUrl ?? ''}
          className="mono proxy-address"
          onFocus={(e) => e.target.select()}
        />
        <span className="toolbar-spacer" />
        <button type="button" className="danger" disabled={stopping} aria-busy={stopping} onClick={() => void stop()}>
          Stop recording
        </button>
      </div>
      <OpenBrowserForm recording={r} />
      <OtherClientsPanel proxyUrl={r.proxyUrl} />
    </section>
  );
}
