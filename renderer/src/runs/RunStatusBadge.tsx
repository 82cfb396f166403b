/** A run's status as a badge: running, passed, failed, stopped (gracefully), aborted, interrupted, partial (interrupted, summed up from its seconds). */
import type { RunStatus } from '../../../app/contract/runs.ts';

const TONE: Record<RunStatus, string> = {
  running: 'badge-running',
  passed: 'badge-good',
  failed: 'badge-bad',
  stopped: 'badge-warn',
  aborted: 'badge-warn',
  interrupted: 'badge-warn',
  partial: 'badge-warn',
};

/** The status word in a coloured badge (the word carries the meaning; colour repeats it). */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return <span className={`badge ${TONE[status]}`}>{status}</span>;
}
