/** One run in the history table; a running one shows its live line and the Stop/Abort buttons. */
import type { RunRow } from '../../../app/contract/runs.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../format/numbers.ts';
import { hrefFor } from '../routing/route.ts';
import { Time } from '../ui/Time.tsx';
import type { Tick } from './live.ts';
import { LiveLine } from './LiveLine.tsx';
import { RunStatusBadge } from './RunStatusBadge.tsx';
import { StopButtons } from './StopButtons.tsx';
import { ThresholdCounts } from './ThresholdCounts.tsx';

interface Props {
  run: RunRow;
  tick: Tick | undefined;
  onError: (title: string, error: unknown) => void;
  /** "label · time" or "plan · time": the checkbox's name. */
  name: string;
  selected: boolean;
  onSelect: (on: boolean) => void;
}

/** Columns of the runs table, for the live line's full-width cell. */
export const RUN_COLUMNS = 14;

/**
 * Row whose header cell is the plan's name and label; checkbox "Select <name>"; "Details" links to #/runs/:id. A running run
 * gets a second, full-width row with its live line (group "Live progress of <plan>"), so the numbers do not squeeze
 * into one cell.
 */
export function RunTableRow({ run, tick, onError, name, selected, onSelect }: Props) {
  const k = run.key;
  const dash = <span className="muted">—</span>;
  const running = run.status === 'running';
  return (
    <>
      <tr className={running ? 'row-running' : undefined} data-run-id={run.id}>
        <td className="select-cell">
          <input
            type="checkbox"
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
        </td>
        <th scope="row">
          {run.planName}
          {run.label && (
            <>
              {' '}
              <span className="run-label" title="Label (series)">
                {run.label}
              </span>
            </>
          )}
        </th>
        <td className="wide-only">{run.environment ?? <span className="muted">none</span>}</td>
        <td>
          <RunStatusBadge status={run.status} />
          {run.error && !running && (
            <span className="small text-bad run-error" title={run.error}>
              {run.error}
            </span>
          )}
        </td>
        <td>
          <Time iso={run.startedAt} compact />
        </td>
        <td className="num">{run.durationMs !== null ? fmtMs(run.durationMs) : tick ? fmtMs(tick.elapsedMs) : dash}</td>
        <td className="num">{k ? fmtCount(k.requests) : dash}</td>
        <td className="num wide-only">{k ? fmtRate(k.rps) : dash}</td>
        <td className="num">{k ? fmtMs(k.p95) : dash}</td>
        <td className="num wide-only">{k ? fmtMs(k.p99) : dash}</td>
        <td className="num">
          {k ? <span className={k.failedRate > 0 ? 'text-bad' : undefined}>{fmtPct(k.failedRate)}</span> : dash}
        </td>
        <td className="num">
          {k && k.checksRate !== null ? (
            <span className={k.checksRate < 1 ? 'text-warn' : undefined}>{fmtPct(k.checksRate)}</span>
          ) : (
            dash
          )}
        </td>
        <td>{k ? <ThresholdCounts passed={k.thresholdsPassed} failed={k.thresholdsFailed} /> : dash}</td>
        <td className="row-actions">
          {running && <StopButtons runId={run.id} onError={onError} />}
          <a className="button-link" href={hrefFor({ page: 'run', id: run.id })}>
            Details
          </a>
        </td>
      </tr>
      {running && (
        <tr className="live-row">
          <td colSpan={RUN_COLUMNS}>
            <LiveLine tick={tick} label={`Live progress of ${run.planName}`} />
          </td>
        </tr>
      )}
    </>
  );
}
