/**
 * What is being compared: each run's plan, label, environment, start, duration, load overrides, and what in the plan
 * differs from the baseline's (the plan each run ran is kept with it), with the diff one click away.
 */
import { useMemo } from 'react';
import type { RunDetail } from '../../../../app/contract/runs.ts';
import { planToYaml } from '../../designer/code/yaml-text.ts';
import { DiffView } from '../../designer/history/DiffView.tsx';
import { lineDiff, type LineDiff } from '../../designer/history/line-diff.ts';
import { fmtMs } from '../../format/numbers.ts';
import { hrefFor } from '../../routing/route.ts';
import { Time } from '../../ui/Time.tsx';
import { RunStatusBadge } from '../RunStatusBadge.tsx';
import type { ComparedRun } from './comparable.ts';

const overrides = (o: RunDetail['overrides']): string =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ') || 'none';

/** Table "Compared runs"; the baseline is chosen with the radio "Baseline: <name>" of its row. */
export function ComparedRuns({
  runs,
  baselineId,
  onBaseline,
}: {
  runs: readonly ComparedRun[];
  baselineId: string;
  onBaseline: (id: string) => void;
}) {
  const diffs = useMemo(() => {
    const base = runs.find((r) => r.id === baselineId);
    const baseText = base ? planToYaml(base.run.plan) : '';
    return new Map(runs.map((r) => [r.id, r.id === baselineId ? null : lineDiff(baseText, planToYaml(r.run.plan))]));
  }, [runs, baselineId]);
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Compared runs">
        <thead>
          <tr>
            <th scope="col">Baseline</th>
            <th scope="col">Run</th>
            <th scope="col">Plan</th>
            <th scope="col">Label</th>
            <th scope="col">Environment</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col">Overrides</th>
            <th scope="col">Plan vs baseline</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id}>
              <td className="select-cell">
                <input
                  type="radio"
                  name="baseline"
                  aria-label={`Baseline: ${r.name}`}
                  checked={r.id === baselineId}
                  onChange={() => onBaseline(r.id)}
                />
              </td>
              <th scope="row">
                <a href={hrefFor({ page: 'run', id: r.id })}>{r.name}</a>
              </th>
              <td>{r.planName}</td>
              <td>{r.label ? <span className="run-label">{r.label}</span> : <span className="muted">—</span>}</td>
              <td>{r.run.environment ?? <span className="muted">none</span>}</td>
              <td>
                <RunStatusBadge status={r.run.status} />
              </td>
              <td>
                <Time iso={r.run.startedAt} compact />
              </td>
              <td className="num">{fmtMs(r.summary.durationMs)}</td>
              <td>{overrides(r.run.overrides)}</td>
              <td>
                <PlanChange diff={diffs.get(r.id) ?? null} name={r.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "same plan", or "+3 −1 lines" opening the diff of the plan this run ran against the baseline's. */
function PlanChange({ diff, name }: { diff: LineDiff | null; name: string }) {
  if (diff === null) return <span className="muted">baseline</span>;
  if (diff.added === 0 && diff.removed === 0) return <span className="muted">same plan</span>;
  return (
    <details className="plan-change">
      <summary aria-label={`Plan changes of ${name}`}>
        +{diff.added} −{diff.removed} lines
      </summary>
      <DiffView diff={diff} />
    </details>
  );
}
