/** The facts of a run: status, plan, environment, times, overrides, how it stopped. */
import type { RunDetail } from '../../../../app/contract/runs.ts';
import { fmtMs } from '../../format/numbers.ts';
import { hrefFor } from '../../routing/route.ts';
import { Time } from '../../ui/Time.tsx';
import { RunStatusBadge } from '../RunStatusBadge.tsx';

const STOPPED_BY: Record<string, string> = {
  completed: 'completed',
  stopped: 'stopped (graceful)',
  aborted: 'aborted (hard stop)',
  threshold: 'a threshold with abortOnFail',
  error: 'an error',
};

/** "vus=10, duration=30s", or "none". */
export function overridesText(o: RunDetail['overrides']): string {
  const parts = Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** A description list named "Run facts". */
export function RunFacts({ run }: { run: RunDetail }) {
  const generator = run.summary?.generator;
  return (
    <dl className="facts" aria-label="Run facts">
      <div>
        <dt>Status</dt>
        <dd>
          <RunStatusBadge status={run.status} />
        </dd>
      </div>
      <div>
        <dt>Plan</dt>
        <dd>{run.planId ? <a href={hrefFor({ page: 'plan', id: run.planId })}>{run.planName}</a> : run.planName}</dd>
      </div>
      <div>
        <dt>Environment</dt>
        <dd>{run.environment ?? 'none'}</dd>
      </div>
      {run.label && (
        <div>
          <dt>Label</dt>
          <dd>{run.label}</dd>
        </div>
      )}
      <div>
        <dt>Started</dt>
        <dd>
          <Time iso={run.startedAt} />
        </dd>
      </div>
      <div>
        <dt>Ended</dt>
        <dd>
          <Time iso={run.endedAt} />
        </dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{run.durationMs !== null ? fmtMs(run.durationMs) : '—'}</dd>
      </div>
      <div>
        <dt>Overrides</dt>
        <dd>{overridesText(run.overrides)}</dd>
      </div>
      {run.summary && (
        <div>
          <dt>Stopped by</dt>
          <dd>{STOPPED_BY[run.summary.stoppedBy] ?? run.summary.stoppedBy}</dd>
        </div>
      )}
      {generator && (
        <div>
          <dt>Generator</dt>
          <dd>
            {generator.workers} worker{generator.workers === 1 ? '' : 's'} on {generator.cpus} CPUs
          </dd>
        </div>
      )}
    </dl>
  );
}
