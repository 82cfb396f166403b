/** The history's filters (plan, label) and its selection of runs (for Compare and Delete), pure. */
import type { RunRow } from '../../../../app/contract/runs.ts';

/** '' means "all"; the label filter also takes NO_LABEL. */
export interface HistoryFilter {
  plan: string;
  label: string;
}

export const NO_LABEL = '\u0000no-label';

export function filterRuns(runs: readonly RunRow[], f: HistoryFilter): RunRow[] {
  return runs.filter(
    (r) =>
      (f.plan === '' || r.planName === f.plan) &&
      (f.label === '' || (f.label === NO_LABEL ? r.label === null : r.label === f.label)),
  );
}

/** The plans and labels present, sorted, for the filter lists. */
export function filterChoices(runs: readonly RunRow[]): { plans: string[]; labels: string[]; unlabelled: boolean } {
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort((a, b) => a.localeCompare(b));
  return {
    plans: sorted(runs.map((r) => r.planName)),
    labels: sorted(runs.flatMap((r) => (r.label === null ? [] : [r.label]))),
    unlabelled: runs.some((r) => r.label === null),
  };
}

/**
 * Selected ids in the order they were picked: the first is the comparison's baseline. Picking all shown runs
 * adds the missing ones oldest first (a baseline is usually the earlier run).
 */
export function toggle(selected: readonly string[], id: string, on: boolean): string[] {
  if (on) return selected.includes(id) ? [...selected] : [...selected, id];
  return selected.filter((x) => x !== id);
}

export function toggleAll(selected: readonly string[], shown: readonly RunRow[], on: boolean): string[] {
  const ids = new Set(shown.map((r) => r.id));
  if (!on) return selected.filter((x) => !ids.has(x));
  const oldestFirst = [...shown].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map((r) => r.id);
  return [...selected, ...oldestFirst.filter((id) => !selected.includes(id))];
}

/** The selected runs that are still listed and pass the filters: what Compare and Delete act on. */
export function effectiveSelection(selected: readonly string[], shown: readonly RunRow[]): RunRow[] {
  const byId = new Map(shown.map((r) => [r.id, r]));
  return selected.flatMap((id) => byId.get(id) ?? []);
}
