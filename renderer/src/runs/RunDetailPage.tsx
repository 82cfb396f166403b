/** #/runs/:id: one run's facts and summary; while it runs, its live line and Stop/Abort. */
import { hrefFor } from '../routing/route.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useEvent, useLoad, useOnReconnect, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { ChartsPlaceholder } from './detail/ChartsPlaceholder.tsx';
import { ChecksSection } from './detail/ChecksSection.tsx';
import { ErrorsSection } from './detail/ErrorsSection.tsx';
import { KeyNumbers } from './detail/KeyNumbers.tsx';
import { NotesSection } from './detail/NotesSection.tsx';
import { RequestsSection } from './detail/RequestsSection.tsx';
import { RunFacts } from './detail/RunFacts.tsx';
import { ScenariosSection } from './detail/ScenariosSection.tsx';
import { StatusCodesSection } from './detail/StatusCodesSection.tsx';
import { ThresholdsSection } from './detail/ThresholdsSection.tsx';
import { LiveLine } from './LiveLine.tsx';
import { StopButtons } from './StopButtons.tsx';
import { useLiveTicks } from './useLiveTicks.ts';

/** Heading "Run of <plan>", the facts, then the summary sections. */
export function RunDetailPage({ id }: { id: string }) {
  const run = useLoad((c) => c.call('runs.get', { id }), id);
  const ticks = useLiveTicks();
  const messages = useMessages();
  const { reload } = run;
  useEvent('run.done', (e) => { if (e.runId === id) reload(); });
  useOnReconnect(reload);
  useTitle(run.data ? `Run of ${run.data.planName}` : 'Run');
  const back = <p className="breadcrumb"><a href={hrefFor({ page: 'runs' })}>← Run history</a></p>;

  if (run.data === undefined) {
    return (
      <section className="page">
        {back}
        {run.error !== undefined ? <ErrorNotice title="Could not load the run" error={run.error} /> : <Loading what="Loading run…" />}
      </section>
    );
  }
  const r = run.data;
  const s = r.summary;
  return (
    <section className="page" aria-labelledby="run-heading">
      {back}
      <header className="page-header">
        <h1 id="run-heading">Run of {r.planName}</h1>
        <RunFacts run={r} />
      </header>
      {r.status === 'running' && (
        <div className="panel live-panel">
          <LiveLine tick={ticks.get(r.id)} />
          <span className="toolbar-spacer" />
          <StopButtons runId={r.id} onError={(title, error) => messages.push({ kind: 'error', title, error })} />
        </div>
      )}
      <MessageList messages={messages} />
      {r.error && <ErrorNotice title="The run reported an error" error={new Error(r.error)} />}
      {run.error !== undefined && <ErrorNotice title="Could not refresh the run" error={run.error} />}
      {s ? (
        <>
          <KeyNumbers summary={s} />
          <ChartsPlaceholder />
          <ThresholdsSection thresholds={s.thresholds} />
          <ChecksSection checks={s.checks} />
          <RequestsSection requests={s.requests} />
          <StatusCodesSection statuses={s.statuses} />
          <ErrorsSection errors={s.errors} extractFailures={s.extractFailures} />
          <ScenariosSection scenarios={s.scenarios} />
          <NotesSection notes={s.notes} />
        </>
      ) : (
        <>
          <ChartsPlaceholder />
          {r.status !== 'running' && <p className="muted">This run has no summary: it ended before any results were measured.</p>}
        </>
      )}
    </section>
  );
}
