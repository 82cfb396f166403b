/**
 * #/recorder: start a recording (or go back to the one in progress), the stored recordings (open, rename, export
 * HAR, delete), HAR import, and the CA for clients other than the browser Loadsmith opens.
 */
import { useCallback, useState } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { hrefFor } from '../routing/route.ts';
import { navigate } from '../routing/useRoute.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { ExportHarDialog } from './ExportHarDialog.tsx';
import { ImportHarButton } from './ImportHarButton.tsx';
import { OtherClientsPanel } from './OtherClientsPanel.tsx';
import { RecordingsTable } from './RecordingsTable.tsx';
import { StartRecordingForm } from './StartRecordingForm.tsx';
import { useRecordingActions } from './useRecordingActions.tsx';
import { useRecordings } from './useRecording.ts';
import './recorder.css';

/** Heading "Recorder", region "New recording" (or a link to the recording in progress), table "Recordings". */
export function RecorderPage() {
  useTitle('Recorder');
  const recordings = useRecordings();
  const messages = useMessages();
  const { reload } = recordings;
  const actions = useRecordingActions(messages.push, reload);
  const [deleting, setDeleting] = useState<Recording | null>(null);
  const [exporting, setExporting] = useState<Recording | null>(null);
  const open = useCallback((r: Recording) => navigate({ page: 'recording', id: r.id }), []);
  const active = recordings.data?.find((r) => r.status === 'recording');

  return (
    <section className="page recorder-page" aria-labelledby="recorder-heading">
      <header className="page-header">
        <h1 id="recorder-heading">Recorder</h1>
        <p className="muted">
          Record what a browser (or curl, an app, a phone) sends, then turn the requests you pick into a plan, with the
          values a server hands out (CSRF tokens, session tokens, ids) extracted on every run.
        </p>
      </header>
      {active ? (
        <div className="notice notice-info" role="status">
          <div className="notice-body">
            <p className="notice-title">
              Recording <strong>{active.name}</strong> is in progress on <code>{active.proxyUrl}</code>.
            </p>
            <p>
              <a href={hrefFor({ page: 'recording', id: active.id })}>Go to the recording</a> to watch it, open a
              browser or stop it.
            </p>
          </div>
        </div>
      ) : (
        recordings.data && <StartRecordingForm onStarted={open} />
      )}
      <MessageList messages={messages} />
      {recordings.error !== undefined && <ErrorNotice title="Could not load the recordings" error={recordings.error} />}
      <div className="toolbar recordings-toolbar">
        <h2>Recordings</h2>
        <span className="toolbar-spacer" />
        <ImportHarButton
          onImport={(file) =>
            actions.importHar(file).then((r) => {
              if (r) open(r);
            })
          }
        />
      </div>
      {recordings.data === undefined ? (
        recordings.loading && <Loading what="Loading recordings…" />
      ) : recordings.data.length === 0 ? (
        <p className="empty">No recordings yet. Start one above, or import a HAR file.</p>
      ) : (
        <RecordingsTable
          recordings={recordings.data}
          onRename={actions.rename}
          onExport={setExporting}
          onDelete={setDeleting}
        />
      )}
      <OtherClientsPanel proxyUrl={active?.proxyUrl ?? null} />
      {deleting && (
        <ConfirmDialog
          title={`Delete recording ${deleting.name}?`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const r = deleting;
            setDeleting(null);
            void actions.remove(r);
          }}
        >
          <p>
            Its {deleting.entryCount} entries are deleted with it
            {deleting.status === 'recording' ? ', and the recording is stopped first' : ''}. Plans made from it stay.
          </p>
        </ConfirmDialog>
      )}
      {exporting && (
        <ExportHarDialog
          recording={exporting}
          selected={[]}
          onCancel={() => setExporting(null)}
          onExport={(o) => {
            setExporting(null);
            void actions.exportHar(exporting, o);
          }}
        />
      )}
    </section>
  );
}
