/** Names of runs in legends and column headers: "label · start time" or "plan · start time", unique. */

export interface NamedRun {
  id: string;
  label: string | null;
  planName: string;
  startedAt: string;
}

/** id -> name; `time` formats the start (local, short). A repeated name gets " (2)", " (3)", ... */
export function runNames(runs: readonly NamedRun[], time: (iso: string) => string): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const r of runs) {
    const base = `${r.label ?? r.planName} · ${time(r.startedAt)}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
    used.add(name);
    names.set(r.id, name);
  }
  return names;
}
