/** #/runs: start a run, follow running ones live, browse the history. Refreshes on run events and reconnects. */
import { useCallback } from 'react';
import { hrefFor } from '../routing/route.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useEvent, useLoad, useOnReconnect, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { RunsTable } from './RunsTable.tsx';
import { StartRunForm } from './StartRunForm.tsx';
import { useLiveTicks } from './useLiveTicks.ts';

/** The newest runs shown; older ones stay in the database. */
const LIMIT = 200;

/** Heading "Runs", the "Start a run" form, and the table named "Runs". */
export function RunsPage() {
  useTitle('Runs');
  const runs = useLoad((c) => c.call('runs.list', { limit: LIMIT }), 'runs.list');
  const ticks = useLiveTicks();
  const messages = useMessages();
  const { reload } = runs;
  const { push } = messages;
  useEvent('run.started', reload);
  useEvent('run.done', reload);
  useOnReconnect(reload);
  const onError = useCallback((title: string, error: unknown) => push({ kind: 'error', title, error }), [push]);

  return (
    <section className="page" aria-labelledby="runs-heading">
      <header className="page-header">
        <h1 id="runs-heading">Runs</h1>
      </header>
      <StartRunForm
        onStarted={(run) => {
          push({ kind: 'info', content: <>Started <strong>{run.planName}</strong>. <a href={hrefFor({ page: 'run', id: run.id })}>Follow it</a></> });
          reload();
        }}
      />
      <MessageList messages={messages} />
      {runs.error !== undefined && <ErrorNotice title="Could not load the runs" error={runs.error} />}
      <h2>History</h2>
      {runs.data === undefined
        ? runs.loading && <Loading what="Loading runs…" />
        : runs.data.length === 0
          ? <p className="empty">No runs yet. Pick a plan above and start one.</p>
          : <RunsTable runs={runs.data} ticks={ticks} onError={onError} />}
    </section>
  );
}
