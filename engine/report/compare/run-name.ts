/** How a run is named in compare and repeat tables: its file's name, or its plan name and start time. Pure. */
import type { Summary } from '../../metrics/summary.ts';

/** `2025-03-01 10:00:05 UTC` (UTC so the same file reads the same everywhere). */
export function fmtStart(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `before` for `results/before.json`; `Users API 2025-03-01 10:00:05 UTC` without a file. */
export function runName(summary: Pick<Summary, 'plan' | 'startedAt'>, file?: string): string {
  if (file) {
    const base = file.split(/[\\/]/).pop() ?? file;
    return base.replace(/\.json$/i, '') || base;
  }
  return `${summary.plan.name} ${fmtStart(summary.startedAt)}`;
}

/** The names made unique by numbering later copies: `run`, `run (2)`. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let k = 2; used.has(name); k++) name = `${n} (${k})`;
    used.add(name);
    return name;
  });
}
