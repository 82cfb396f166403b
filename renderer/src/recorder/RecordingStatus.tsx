/** A recording's state as a badge: recording (live), stopped, or imported from a HAR file. */
import type { Recording } from '../../../app/contract/recordings.ts';

export function RecordingStatus({ recording }: { recording: Recording }) {
  if (recording.status === 'recording')
    return (
      <span className="badge badge-running">
        <span className="live-dot" aria-hidden="true" /> Recording
      </span>
    );
  return <span className="badge">{recording.source === 'har' ? 'Imported' : 'Stopped'}</span>;
}
