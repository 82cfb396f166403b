/**
 * #/runs/compare?ids=a,b,c: the chosen runs' charts overlaid, their key numbers against a baseline run (the oldest
 * unless the user picks another: a later run is what changed), each scenario's numbers when the plan has several, and
 * labelled repeats as series (mean ± sd). Runs without a summary are set aside with the reason.
 */
import { useMemo, useState } from 'react';
import { fmtDateTimeCompact } from '../../format/time.ts';
import { hrefFor } from '../../routing/route.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useEvent, useOnReconnect, useTitle } from '../../ui/hooks.ts';
import { Loading } from '../../ui/Loading.tsx';
import { CompareCharts } from './CompareCharts.tsx';
import { splitComparable, type ComparedRun } from './comparable.ts';
import { ComparedRuns } from './ComparedRuns.tsx';
import { DeltaTable } from './DeltaTable.tsx';
import { runNames } from './run-names.ts';
import { ScenarioTable } from './ScenarioTable.tsx';
import { SeriesTable } from './SeriesTable.tsx';
import { SetAsideNote } from './SetAsideNote.tsx';
import { useCompareRuns } from './useCompareRuns.ts';
import './compare.css';

/** Shared while nothing is loaded, so the memo below does not see a new empty list on every render. */
const NO_RUNS: readonly ComparedRun[] = [];

/** Heading "Compare runs". */
export function ComparePage({ ids }: { ids: readonly string[] }) {
  useTitle('Compare runs');
  const loaded = useCompareRuns(ids);
  const { reload } = loaded;
  useEvent('run.done', (e) => {
    if (ids.includes(e.runId)) reload();
  });
  useOnReconnect(reload);
  const [baselineId, setBaselineId] = useState<string | null>(null);
  const split = useMemo(() => {
    if (!loaded.data) return null;
    const names = runNames(
      loaded.data.flatMap((l) => ('run' in l ? [l.run] : [])),
      (iso) => fmtDateTimeCompact(iso),
    );
    return splitComparable(loaded.data, (id) => names.get(id) ?? id);
  }, [loaded.data]);
  const compared = split?.compared ?? NO_RUNS;
  const baseline = compared.find((r) => r.id === baselineId) ?? oldest(compared);
  const others = useMemo(() => compared.filter((r) => r !== baseline), [compared, baseline]);
  const history = <a href={hrefFor({ page: 'runs' })}>run history</a>;

  return (
    <section className="page compare-page" aria-labelledby="compare-heading">
      <p className="breadcrumb">
        <a href={hrefFor({ page: 'runs' })}>← Run history</a>
      </p>
      <header className="page-header">
        <h1 id="compare-heading">Compare runs</h1>
      </header>
      {ids.length < 2 && <p className="empty">Select two or more runs in the {history} and press Compare.</p>}
      {loaded.error !== undefined && <ErrorNotice title="Could not load the runs" error={loaded.error} />}
      {ids.length >= 2 && !split && loaded.loading && <Loading what="Loading runs…" />}
      {split && split.setAside.length > 0 && <SetAsideNote runs={split.setAside} />}
      {split && ids.length >= 2 && compared.length < 2 && (
        <p className="empty">At least two finished runs are needed for a comparison. Pick others in the {history}.</p>
      )}
      {baseline && compared.length >= 2 && (
        <>
          <ComparedRuns runs={compared} baselineId={baseline.id} onBaseline={setBaselineId} />
          <CompareCharts runs={compared} baselineId={baseline.id} />
          <DeltaTable baseline={baseline} others={others} />
          <ScenarioTable baseline={baseline} others={others} />
          <SeriesTable runs={compared} baselineId={baseline.id} />
        </>
      )}
    </section>
  );
}

function oldest(runs: readonly ComparedRun[]): ComparedRun | undefined {
  return runs.reduce<ComparedRun | undefined>(
    (a, r) => (a === undefined || r.run.startedAt < a.run.startedAt ? r : a),
    undefined,
  );
}
