/**
 * #/runs: start a run, follow running ones live, browse the history (filter, select, compare, delete). Refreshes
 * on run events and reconnects.
 */
import { useCallback, useMemo, useState } from 'react';
import type { RunRow } from '../../../app/contract/runs.ts';
import { fmtDateTimeCompact } from '../format/time.ts';
import { navigate } from '../routing/useRoute.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useEvent, useLoad, useOnReconnect, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { MessageList } from '../ui/MessageList.tsx';
import { useMessages } from '../ui/messages.ts';
import { runNames } from './compare/run-names.ts';
import { DeleteRunsDialog } from './history/DeleteRunsDialog.tsx';
import { HistoryToolbar } from './history/HistoryToolbar.tsx';
import {
  effectiveSelection,
  filterChoices,
  filterRuns,
  toggle,
  toggleAll,
  type HistoryFilter,
} from './history/selection.ts';
import { useDeleteRuns } from './history/useDeleteRuns.ts';
import { RunsTable } from './RunsTable.tsx';
import { StartRunForm } from './StartRunForm.tsx';
import { useLiveTicks } from './useLiveTicks.ts';

/** The newest runs shown; older ones stay in the database. */
const LIMIT = 200;
const NONE: readonly RunRow[] = [];

/** Heading "Runs", the "Start a run" form, the history toolbar and the table named "Runs". */
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

  const [filter, setFilter] = useState<HistoryFilter>({ plan: '', label: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<readonly RunRow[] | null>(null);
  const all = runs.data ?? NONE;
  const shown = useMemo(() => filterRuns(all, filter), [all, filter]);
  const choices = useMemo(() => filterChoices(all), [all]);
  const names = useMemo(() => runNames(all, (iso) => fmtDateTimeCompact(iso)), [all]);
  const picked = effectiveSelection(selected, shown);
  const deleteRuns = useDeleteRuns(push);

  const confirmDelete = async (victims: readonly RunRow[]) => {
    setConfirming(null);
    const gone = await deleteRuns(victims);
    setSelected((s) => s.filter((id) => !gone.includes(id)));
    reload();
  };

  return (
    <section className="page" aria-labelledby="runs-heading">
      <header className="page-header">
        <h1 id="runs-heading">Runs</h1>
      </header>
      <StartRunForm
        onStarted={(run) => navigate({ page: 'run', id: run.id })} // the live dashboard, as Run in the designer opens
      />
      <MessageList messages={messages} />
      {runs.error !== undefined && <ErrorNotice title="Could not load the runs" error={runs.error} />}
      <h2>History</h2>
      {runs.data === undefined ? (
        runs.loading && <Loading what="Loading runs…" />
      ) : runs.data.length === 0 ? (
        <p className="empty">No runs yet. Pick a plan above and start one.</p>
      ) : (
        <>
          <HistoryToolbar
            filter={filter}
            choices={choices}
            onFilter={setFilter}
            selected={picked.length}
            onCompare={() => navigate({ page: 'compare', ids: picked.map((r) => r.id) })}
            onDelete={() => setConfirming(picked)}
          />
          {shown.length === 0 ? (
            <p className="empty">No run matches these filters.</p>
          ) : (
            <RunsTable
              runs={shown}
              ticks={ticks}
              onError={onError}
              names={names}
              selected={selected}
              onSelect={(id, on) => setSelected((s) => toggle(s, id, on))}
              onSelectAll={(on) => setSelected((s) => toggleAll(s, shown, on))}
            />
          )}
        </>
      )}
      {confirming && (
        <DeleteRunsDialog
          runs={confirming}
          names={names}
          onConfirm={() => void confirmDelete(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
