/**
 * #/runs/:id: one dashboard for a running and a finished run. While it runs: the live line, Stop/Abort (confirmed),
 * mid-run control (Pause/Resume, each scenario's VUs or rate), charts fed by `run.tick` after the stored samples; once done (its `run.done`), the status and the stored summary,
 * with the charts redrawn from the stored samples. A reconnect reloads both (events may have been missed).
 */
import { useCallback } from 'react';
import { hrefFor } from '../routing/route.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useEvent, useLoad, useOnReconnect, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { RunActions } from './actions/RunActions.tsx';
import { RunControls } from './control/RunControls.tsx';
import { RunDashboard } from './detail/RunDashboard.tsx';
import { RunFacts } from './detail/RunFacts.tsx';
import { LiveLine } from './LiveLine.tsx';
import { useRunPoints } from './live/useRunPoints.ts';
import { StopButtons } from './StopButtons.tsx';

/** Heading "Run of <plan>", the facts, then the dashboard. */
export function RunDetailPage({ id }: { id: string }) {
  const run = useLoad((c) => c.call('runs.get', { id }), id);
  const points = useRunPoints(id);
  const messages = useMessages();
  const { reload } = run;
  // Done: the status and summary, and the samples as stored (the charts of a finished run come from them).
  useEvent('run.done', (e) => {
    if (e.runId === id) {
      reload();
      points.reload();
    }
  });
  // The points reload themselves when the event channel comes back.
  useOnReconnect(reload);
  useTitle(run.data ? `Run of ${run.data.planName}` : 'Run');
  const { push } = messages;
  const onError = useCallback((title: string, error: unknown) => push({ kind: 'error', title, error }), [push]);
  const back = (
    <p className="breadcrumb">
      <a href={hrefFor({ page: 'runs' })}>← Run history</a>
    </p>
  );

  if (run.data === undefined) {
    return (
      <section className="page">
        {back}
        {run.error !== undefined ? (
          <ErrorNotice title="Could not load the run" error={run.error} />
        ) : (
          <Loading what="Loading run…" />
        )}
      </section>
    );
  }
  const r = run.data;
  const running = r.status === 'running';
  return (
    <section className="page" aria-labelledby="run-heading">
      {back}
      <header className="page-header">
        <h1 id="run-heading">Run of {r.planName}</h1>
        <RunFacts run={r} />
      </header>
      <RunActions run={r} onChanged={reload} />
      {running && (
        <div className="panel live-panel">
          <LiveLine tick={points.latest} />
          <span className="toolbar-spacer" />
          <StopButtons runId={r.id} onError={onError} confirm />
        </div>
      )}
      {running && r.info && <RunControls runId={r.id} info={r.info} latest={points.latest} onError={onError} />}
      <MessageList messages={messages} />
      {r.error && <ErrorNotice title="The run reported an error" error={new Error(r.error)} />}
      {run.error !== undefined && <ErrorNotice title="Could not refresh the run" error={run.error} />}
      {points.error !== undefined && (
        <ErrorNotice title="Could not load the run's stored samples" error={points.error} />
      )}
      {!points.loaded && points.error === undefined && <Loading what="Loading the run's samples…" />}
      <RunDashboard run={r} points={points.points} latest={points.latest} />
    </section>
  );
}
