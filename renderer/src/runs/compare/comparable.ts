/**
 * Which of the requested runs can be compared: finished ones with a summary. The others (still running, ended in
 * error before measuring, deleted) are set aside with the reason the page shows.
 */
import type { Summary } from 'loadsmith/metrics';
import type { RunDetail, StoredTick } from '../../../../app/contract/runs.ts';

/** What loading one requested id gave: the run and its samples, or why not. */
export type LoadedRun = { id: string; run: RunDetail; samples: StoredTick[] } | { id: string; error: string };

/** A run that takes part in the comparison. */
export interface ComparedRun {
  id: string;
  /** Legend and column name: label or plan, with the start time. */
  name: string;
  planName: string;
  label: string | null;
  run: RunDetail;
  summary: Summary;
  samples: StoredTick[];
}

export interface SetAside {
  id: string;
  name: string;
  reason: string;
}

/** `name` gives a run's display name (see run-names.ts). */
export function splitComparable(
  loaded: readonly LoadedRun[],
  name: (id: string) => string,
): { compared: ComparedRun[]; setAside: SetAside[] } {
  const compared: ComparedRun[] = [];
  const setAside: SetAside[] = [];
  for (const l of loaded) {
    if ('error' in l) {
      setAside.push({ id: l.id, name: l.id, reason: `could not be loaded: ${l.error}` });
      continue;
    }
    const { run } = l;
    if (run.status === 'running')
      setAside.push({ id: l.id, name: name(l.id), reason: 'still running: compare it when it has finished' });
    else if (!run.summary)
      setAside.push({
        id: l.id,
        name: name(l.id),
        reason: `no summary (${run.error ?? 'it ended before anything was measured'})`,
      });
    else
      compared.push({
        id: l.id,
        name: name(l.id),
        planName: run.planName,
        label: run.label,
        run,
        summary: run.summary,
        samples: l.samples,
      });
  }
  return { compared, setAside };
}
