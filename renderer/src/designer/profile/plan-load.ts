/** The load of the whole plan: every scenario's curve, the total VUs over time, the peaks, the end, the requests. */
import type { Doc } from '../core/doc-path.ts';
import { scenarioEntries } from '../core/doc/index.ts';
import { scenarioLoad, type Point, type ScenarioLoad } from './schedule.ts';

export interface PlanLoad {
  scenarios: ScenarioLoad[];
  /** Scenarios left out of the chart until their load fields are valid. */
  skipped: { name: string; reason: string }[];
  /** Total VUs of the closed-model scenarios (open-model ones are drawn as a rate). */
  total: Point[];
  peak: { vus: number; atMs: number };
  /** Highest planned iterations/s of one open-model scenario, if any. */
  peakRate: { perSecond: number; atMs: number } | undefined;
  endMs: number;
  /** All scenarios' requests; `unknown` names the first scenario whose loops make the count unknowable, and why. */
  requests: { requests: number; exact: boolean; unknown?: string };
}

/** VUs of a step function at time t. */
export function vusAt(points: readonly Point[], t: number): number {
  let v = 0;
  for (const [at, vus] of points) {
    if (at <= t) v = vus;
    else break;
  }
  return v;
}

/** The load of the plan document (tolerant of a plan being edited). */
export function planLoad(doc: Doc): PlanLoad {
  const scenarios: ScenarioLoad[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const [name, sc] of scenarioEntries(doc)) {
    const r = scenarioLoad(name, sc);
    if ('points' in r) scenarios.push(r);
    else skipped.push(r);
  }
  const closed = scenarios.filter((s) => s.draws === 'vus');
  const times = [...new Set(closed.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  const total = times.map((t): Point => [t, closed.reduce((sum, s) => sum + vusAt(s.points, t), 0)]);
  const peak = total.reduce((best, [t, v]) => (v > best.vus ? { vus: v, atMs: t } : best), { vus: 0, atMs: 0 });
  let peakRate: PlanLoad['peakRate'];
  for (const s of scenarios.filter((x) => x.draws === 'rate')) {
    for (const [t, r] of s.points) if (!peakRate || r > peakRate.perSecond) peakRate = { perSecond: r, atMs: t };
  }
  return {
    scenarios,
    skipped,
    total,
    peak,
    peakRate,
    endMs: Math.max(0, ...scenarios.map((s) => s.endMs)),
    requests: {
      requests: scenarios.reduce((n, s) => n + s.estimate.requests, 0),
      exact: scenarios.every((s) => s.estimate.exact),
      ...unknownIn(scenarios),
    },
  };
}

function unknownIn(scenarios: readonly ScenarioLoad[]): { unknown?: string } {
  const s = scenarios.find((x) => x.estimate.unknown);
  return s ? { unknown: `${s.name}: ${s.estimate.unknown}` } : {};
}
