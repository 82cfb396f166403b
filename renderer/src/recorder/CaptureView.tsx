/**
 * The capture: filters (applied live with the contract's entryMatches), the windowed entry list with redirect
 * chains and selection, the pane of the current entry, and the actions on the selection: "Create plan…", "Export HAR…".
 */
import { useMemo, useState } from 'react';
import type { EntrySummary, Recording } from '../../../app/contract/recordings.ts';
import type { Messages } from '../ui/messages.ts';
import { entryRows } from './chains.ts';
import { ConvertDialog } from './ConvertDialog.tsx';
import { EntryDetail } from './EntryDetail.tsx';
import { EntryFilters } from './EntryFilters.tsx';
import { EntryTable } from './EntryTable.tsx';
import { ExportHarDialog } from './ExportHarDialog.tsx';
import { applyFilter, NO_FILTER, recordedHosts, type FilterState } from './filters.ts';
import { effectiveSelection, NO_SELECTION, type EntrySelection } from './selection.ts';
import { useRecordingActions } from './useRecordingActions.tsx';

interface Props {
  recording: Recording;
  entries: readonly EntrySummary[];
  live: boolean;
  push: Messages['push'];
}

const NOOP = (): void => undefined;

export function CaptureView({ recording, entries, live, push }: Props) {
  const [filter, setFilter] = useState<FilterState>(NO_FILTER);
  const [selection, setSelection] = useState<EntrySelection>(NO_SELECTION);
  const [current, setCurrent] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'convert' | 'export' | null>(null);
  const actions = useRecordingActions(push, NOOP);
  const shown = useMemo(() => applyFilter(entries, filter), [entries, filter]);
  const rows = useMemo(() => entryRows(shown, entries), [shown, entries]);
  const order = useMemo(() => rows.map((r) => r.entry.id), [rows]);
  const hosts = useMemo(() => recordedHosts(entries), [entries]);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const picked = effectiveSelection(selection, order);
  const hiddenSelected = selection.ids.size - picked.length;
  const open = current !== null && byId.has(current);
  const forPlan = picked.length > 0 ? picked : [...order].sort((a, b) => a - b);

  return (
    <>
      <EntryFilters filter={filter} onFilter={setFilter} hosts={hosts} />
      <div className="toolbar capture-toolbar">
        <span role="status" aria-live="polite" className="capture-count">
          {shown.length === entries.length
            ? `${entries.length} entries`
            : `${shown.length} of ${entries.length} entries shown`}
          {picked.length > 0 && ` · ${picked.length} selected`}
          {hosts.length === 1 && ` · all on ${hosts[0]}`}
          {hiddenSelected > 0 && ` (${hiddenSelected} more selected but hidden by the filters)`}
          {!open && entries.length > 0 && ' · click an entry for its headers, bodies and timing'}
        </span>
        <span className="toolbar-spacer" />
        {picked.length > 0 && (
          <button type="button" className="ghost" onClick={() => setSelection(NO_SELECTION)}>
            Clear selection
          </button>
        )}
        <button type="button" onClick={() => setDialog('export')} disabled={entries.length === 0}>
          Export HAR…
        </button>
        <button type="button" className="primary" onClick={() => setDialog('convert')} disabled={forPlan.length === 0}>
          {picked.length > 0
            ? `Create plan from ${picked.length} selected…`
            : `Create plan from ${order.length} shown…`}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="empty">
          {live
            ? 'Waiting for traffic: open a browser below the proxy address, or send a client through the proxy.'
            : 'This recording has no entries.'}
        </p>
      ) : (
        <div className={open ? 'capture-split' : 'capture-full'}>
          <EntryTable
            rows={rows}
            selection={selection}
            onSelection={setSelection}
            current={current}
            onCurrent={setCurrent}
            follow={live}
            showHost={hosts.length > 1}
          />
          {open && (
            <EntryDetail
              key={current}
              recordingId={recording.id}
              entryId={current}
              onEntry={setCurrent}
              onClose={() => setCurrent(null)}
            />
          )}
        </div>
      )}
      {dialog === 'convert' && (
        <ConvertDialog recording={recording} entryIds={forPlan} entries={byId} onClose={() => setDialog(null)} />
      )}
      {dialog === 'export' && (
        <ExportHarDialog
          recording={{ ...recording, entryCount: entries.length }}
          selected={picked}
          onCancel={() => setDialog(null)}
          onExport={(o) => {
            setDialog(null);
            void actions.exportHar(recording, o);
          }}
        />
      )}
    </>
  );
}
