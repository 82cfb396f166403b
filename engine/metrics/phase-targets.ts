/**
 * What a phase asked of a scenario: the plan's schedule until the scenario's first change (its planned VUs or rate
 * over the phase), then the target a scale set, or nothing while paused. Pure, from the plan and the changes.
 */
import { isArrivalRate, plannedRate } from '../plan/arrival.ts';
import { plannedVus } from '../plan/schedule.ts';
import type { Scenario } from '../plan/schema/index.ts';
import type { ControlEvent } from '../plan/control.ts';

/** From the start of the phase to its end (equal for a target set while running). */
export interface Range {
  from: number;
  to: number;
}

export interface PhaseTarget {
  /** plan: the plan's schedule; control: a target set while running; paused: no iteration was to start. */
  source: 'plan' | 'control' | 'paused';
  /** Closed model: VUs. */
  vus?: Range;
  /** Open model: iterations per second; `average` is the planned iterations over the phase per second. */
  rate?: Range & { average: number };
}

/** The target of scenario `sc` (times relative to its start) over [fromMs, toMs), given the run's changes so far. */
export function phaseTarget(
  name: string,
  sc: Scenario,
  fromMs: number,
  toMs: number,
  paused: boolean,
  changes: readonly ControlEvent[],
): PhaseTarget {
  if (paused) return { source: 'paused' };
  let last: ControlEvent | undefined;
  for (const c of changes) if (c.kind === 'scale' && c.scenario === name) last = c;
  if (last?.kind === 'scale') {
    return 'vus' in last
      ? { source: 'control', vus: { from: last.vus, to: last.vus } }
      : { source: 'control', rate: { from: last.rate, to: last.rate, average: last.rate } };
  }
  if (isArrivalRate(sc)) {
    const points = plannedRate(sc);
    return {
      source: 'plan',
      rate: { from: rateAt(points, fromMs), to: rateAt(points, toMs), average: averageRate(points, fromMs, toMs) },
    };
  }
  const steps = plannedVus(sc);
  return { source: 'plan', vus: { from: vusAt(steps, fromMs), to: vusAt(steps, Math.max(fromMs, toMs - 1)) } };
}

type RatePoint = { atMs: number; perSecond: number };

/** The planned rate at `ms`: linear between the plan's points (stages ramp linearly), 0 past the last. */
function rateAt(points: readonly RatePoint[], ms: number): number {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as RatePoint;
    const b = points[i] as RatePoint;
    if (ms > b.atMs) continue;
    if (b.atMs === a.atMs) return b.perSecond;
    return a.perSecond + ((b.perSecond - a.perSecond) * (Math.max(ms, a.atMs) - a.atMs)) / (b.atMs - a.atMs);
  }
  return 0;
}

/** The area under the planned rate over [from, to) divided by its length: the planned iterations per second there. */
function averageRate(points: readonly RatePoint[], fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return rateAt(points, fromMs);
  // Exact for piecewise-linear rates: between the window's ends and the points inside it the rate is linear, so its
  // mean over each piece is its value at the piece's middle (a jump, a 0s stage, falls on a cut).
  const cuts = [fromMs, ...points.map((p) => p.atMs).filter((t) => t > fromMs && t < toMs), toMs];
  let area = 0;
  for (let i = 1; i < cuts.length; i++) {
    const a = cuts[i - 1] as number;
    const b = cuts[i] as number;
    area += rateAt(points, (a + b) / 2) * (b - a);
  }
  return area / (toMs - fromMs);
}

function vusAt(steps: readonly { atMs: number; vus: number }[], ms: number): number {
  let v = 0;
  for (const s of steps) if (s.atMs <= ms) v = s.vus;
  return v;
}
