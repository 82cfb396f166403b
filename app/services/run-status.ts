/** From an engine summary to what the run list shows: the run's status and its key numbers. */
import type { Summary } from 'loadsmith/metrics';
import type { RunRow, RunStatus } from '../contract/index.ts';

export function runStatus(s: Summary): Extract<RunStatus, 'passed' | 'failed' | 'aborted'> {
  if (s.stoppedBy === 'stopped' || s.stoppedBy === 'aborted') return 'aborted';
  if (s.stoppedBy === 'error' || s.stoppedBy === 'setup') return 'failed';
  return s.status;
}

export function keyNumbers(s: Summary): NonNullable<RunRow['key']> {
  const d = s.metrics.http_req_duration;
  const failed = s.metrics.http_req_failed;
  const checks = s.metrics.checks;
  return {
    requests: s._total,
    rps: s._rps,
    p95: d?.type === 'trend' ? d.p95 : 0,
    p99: d?.type === 'trend' ? d.p99 : 0,
    failedRate: failed?.type === 'rate' ? failed.rate : 0,
    checksRate: checks?.type === 'rate' ? checks.rate : null,
    thresholdsPassed: s.thresholds.filter((t) => t.ok).length,
    thresholdsFailed: s.thresholds.filter((t) => !t.ok).length,
  };
}

/** Why a run ended in error, from the engine's notes. */
export function runError(s: Summary): string | null {
  if (s.stoppedBy === 'setup') return s.notes.find((n) => n.startsWith('setup failed')) ?? 'setup failed';
  return s.stoppedBy === 'error' ? (s.notes.find((n) => /worker|failed|crash/.test(n)) ?? 'the engine failed') : null;
}
