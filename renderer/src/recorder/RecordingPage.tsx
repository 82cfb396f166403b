/**
 * #/recorder/:id — one recording, live or stored: while recording, the proxy, "Stop", "Record with a browser" and
 * the CA for other clients; always, the capture list with its filters, selection and entry pane, "Create plan…"
 * and "Export HAR…".
 */
import { useState } from 'react';
import { hrefFor } from '../routing/route.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { CaptureView } from './CaptureView.tsx';
import { LiveControls } from './LiveControls.tsx';
import { RecordingFacts } from './RecordingFacts.tsx';
import { RecordingStatus } from './RecordingStatus.tsx';
import { useRecording } from './useRecording.ts';
import { useRecordingEntries } from './useRecordingEntries.ts';
import './recorder.css';

export function RecordingPage({ id }: { id: string }) {
  const recording = useRecording(id);
  const entries = useRecordingEntries(id);
  const messages = useMessages();
  const [stopping, setStopping] = useState(false);
  const r = recording.data;
  useTitle(r ? r.name : 'Recording');

  if (r === undefined) {
    return (
      <section className="page" aria-label="Recording">
        <p className="breadcrumb">
          <a href={hrefFor({ page: 'recorder' })}>← Recorder</a>
        </p>
        {recording.error !== undefined ? (
          <ErrorNotice title="Could not open this recording" error={recording.error} />
        ) : (
          <Loading what="Loading the recording…" />
        )}
      </section>
    );
  }
  const live = r.status === 'recording';
  return (
    <section className="page recording-page" aria-labelledby="recording-heading">
      <header className="page-header">
        <p className="breadcrumb">
          <a href={hrefFor({ page: 'recorder' })}>← Recorder</a>
        </p>
        <h1 id="recording-heading">
          {r.name} <RecordingStatus recording={r} />
        </h1>
        <RecordingFacts recording={r} entries={entries.entries.length} />
      </header>
      {live && (
        <LiveControls
          recording={r}
          stopping={stopping}
          onStopping={setStopping}
          onError={(title, error) => messages.push({ kind: 'error', title, error })}
        />
      )}
      <MessageList messages={messages} />
      {entries.error !== undefined && <ErrorNotice title="Could not load the entries" error={entries.error} />}
      {!entries.loaded ? (
        <Loading what="Loading entries…" />
      ) : (
        <CaptureView recording={r} entries={entries.entries} live={live} push={messages.push} />
      )}
    </section>
  );
}
