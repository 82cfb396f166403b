/**
 * The Validate inspector: every request of the iteration in order (scenario › group › name, status, time,
 * checks passed and failed, the loop pass it ran in) with flow control's decisions heading the steps they ran,
 * setup's data, the selected request in full, and the problems that are not one request's.
 */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import type { Path } from '../core/doc-path.ts';
import { fmtMs } from '../../format/numbers.ts';
import { EntryDetail } from './EntryDetail.tsx';
import { FlowRow } from './FlowRow.tsx';
import { checkCounts, entryStatus, entryTitle, errorTitle } from './format.ts';
import { SetupData } from './SetupData.tsx';
import { ValidatedSessions } from './websocket/SessionResults.tsx';
import { passText, traceRows } from './trace-rows.ts';
import type { ValidateResult } from './try-store.ts';

interface Props {
  result: ValidateResult;
  selected: number;
  onSelect(index: number): void;
  /** Selects the step at this document path in the designer. */
  onShowStep(path: Path): void;
}

export function ValidationView({ result, selected, onSelect, onShowStep }: Props) {
  const { entries, errors } = result;
  const flow = result.flow ?? [];
  const rows = traceRows(entries, flow);
  const atMax = flow.filter((f) => f.hitMax).length;
  const sessions = result.websockets ?? [];
  const checks = entries.reduce((n, e) => n + e.checks.length, 0) + sessions.reduce((n, s) => n + s.checks.length, 0);
  const passed =
    entries.reduce((n, e) => n + checkCounts(e).passed, 0) +
    sessions.reduce((n, s) => n + s.checks.filter((c) => c.ok).length, 0);
  const current = entries[selected];
  return (
    <div className="try-validation">
      <p className="try-validation-summary">
        Validated in {fmtMs(result.durationMs)}: {entries.length} request{entries.length === 1 ? '' : 's'}
        {sessions.length > 0 && (
          <>
            , {sessions.length} WebSocket session{sessions.length === 1 ? '' : 's'}
          </>
        )}
        {checks > 0 && (
          <>
            , {passed} of {checks} checks passed
          </>
        )}
        {errors.length > 0 && (
          <>
            , {errors.length} problem{errors.length === 1 ? '' : 's'}
          </>
        )}
        {flow.length > 0 && (
          <>
            , {flow.length} flow control decision{flow.length === 1 ? '' : 's'}
          </>
        )}
        {atMax > 0 && (
          <span className="try-warn">
            , {atMax} loop{atMax === 1 ? '' : 's'} stopped at its max
          </span>
        )}
        .
      </p>
      <SetupData data={result.setup} />
      {errors.length > 0 && (
        <ul className="try-validation-errors" aria-label="Validation problems">
          {errors.map((e, i) => (
            <li key={i}>
              {e.scenario && <strong>{e.scenario}: </strong>}
              {e.message}
            </li>
          ))}
        </ul>
      )}
      {/* A plan of sessions only has no request to inspect. */}
      {(entries.length > 0 || sessions.length === 0) && (
        <div className="try-inspector">
          <ol className="try-steps" aria-label="Validation steps">
            {rows.map((r, k) =>
              r.kind === 'flow' ? (
                <FlowRow key={`f${k}`} flow={r.flow} depth={r.depth} onShow={() => onShowStep(r.flow.path)} />
              ) : (
                <StepItem
                  key={`r${r.index}`}
                  entry={r.entry}
                  depth={r.depth}
                  current={r.index === selected}
                  onSelect={() => onSelect(r.index)}
                />
              ),
            )}
          </ol>
          {current ? (
            <EntryDetail entry={current} onShowStep={() => onShowStep(current.path)} />
          ) : (
            <p className="try-muted">No request was sent.</p>
          )}
        </div>
      )}
      <ValidatedSessions sessions={sessions} onShowStep={onShowStep} />
    </div>
  );
}

function StepItem({
  entry,
  depth,
  current,
  onSelect,
}: {
  entry: TraceEntry;
  depth: number;
  current: boolean;
  onSelect(): void;
}) {
  const { passed, failed } = checkCounts(entry);
  const res = entry.response;
  const pass = passText(entry.passes);
  const status = entryStatus(entry);
  return (
    <li style={{ '--depth': depth } as React.CSSProperties}>
      <button type="button" aria-current={current ? 'true' : undefined} onClick={onSelect} className="try-step">
        <span className="try-step-title" title={entryTitle(entry)}>
          {entryTitle(entry)}
          {pass && <span className="try-pass"> · {pass}</span>}
        </span>
        <span
          className={`try-status ${status?.tone ?? 'bad'}`}
          title={status ? undefined : errorTitle(entry.error?.kind ?? 'other')}
        >
          {status ? status.short : (entry.error?.kind ?? 'error')}
        </span>
        {res && <span className="try-step-time">{fmtMs(entry.timings.duration)}</span>}
        {entry.checks.length > 0 && (
          <span className="try-step-checks">
            <span className="good">✓{passed}</span>
            {failed > 0 && <span className="bad"> ✗{failed}</span>}
          </span>
        )}
      </button>
    </li>
  );
}
