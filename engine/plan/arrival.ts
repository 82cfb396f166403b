/**
 * Open-model schedules (k6's arrival-rate executors), pure: when each iteration starts, and the planned rate.
 * constant-arrival-rate: iteration i starts at i * timeUnit / rate (the first at 0).
 * ramping-arrival-rate: iteration n (from 1) starts when the area under the rate curve reaches n; with the rate
 * linear within a stage, that time has a closed form (k6's `cal`, issue k6#1299).
 * Both are half-open, [0, end): an iteration due exactly at the end is not started.
 */
import { parseDuration } from './duration.ts';
import type { Scenario } from './schema/index.ts';

type ArrivalScenario = Extract<Scenario, { executor: 'constant-arrival-rate' | 'ramping-arrival-rate' }>;

export function isArrivalRate(sc: Scenario): sc is ArrivalScenario {
  return sc.executor === 'constant-arrival-rate' || sc.executor === 'ramping-arrival-rate';
}

const ms = (d: string | undefined, fallback: number): number => (d === undefined ? fallback : (parseDuration(d) ?? fallback));

/** Start times (ms from the scenario's start) of every iteration, in order. */
export function* arrivalTimes(sc: ArrivalScenario): Generator<number> {
  const unit = ms(sc.timeUnit, 1000);
  if (sc.executor === 'constant-arrival-rate') {
    const period = unit / sc.rate;
    const end = ms(sc.duration, 0);
    for (let i = 0; ; i++) {
      const t = i * period;
      if (t >= end) return;
      yield t;
    }
  }
  if (sc.executor !== 'ramping-arrival-rate') return;
  // Half-open like the constant rate: an iteration due exactly at the end is not started (deterministic counts).
  const total = sc.stages.reduce((t, s) => t + ms(s.duration, 0), 0);
  let from = (sc.startRate ?? 0) / unit; // iterations per ms
  let stageStart = 0;
  let done = 0; // iterations (area) before this stage
  let n = 1;
  for (const stage of sc.stages) {
    const to = stage.target / unit;
    const dur = ms(stage.duration, 0);
    const end = done + dur * (from + to) / 2;
    for (; n <= end + 1e-9; n++) {
      const area = n - done;
      // area(x) = from*x + (to-from)*x^2/(2*dur): solve for x.
      const x = from === to ? area / to : (from * dur - Math.sqrt(Math.max(0, dur * (from * from * dur + 2 * area * (to - from))))) / (from - to);
      const t = stageStart + Math.min(dur, Math.max(0, x));
      if (t >= total) return;
      yield t;
    }
    done = end;
    from = to;
    stageStart += dur;
  }
}

/** The planned rate (iterations per second) at each change point, for charts. */
export function plannedRate(sc: ArrivalScenario): { atMs: number; perSecond: number }[] {
  const unit = ms(sc.timeUnit, 1000);
  const perS = (r: number): number => (r * 1000) / unit;
  if (sc.executor === 'constant-arrival-rate') {
    const end = ms(sc.duration, 0);
    return [{ atMs: 0, perSecond: perS(sc.rate) }, { atMs: end, perSecond: perS(sc.rate) }];
  }
  const points = [{ atMs: 0, perSecond: perS(sc.startRate ?? 0) }];
  let t = 0;
  for (const s of sc.stages) {
    t += ms(s.duration, 0);
    points.push({ atMs: t, perSecond: perS(s.target) });
  }
  return points;
}

/** How many iterations the schedule starts in total (exact: counts the generator). */
export function plannedIterations(sc: ArrivalScenario): number {
  let n = 0;
  for (const _ of arrivalTimes(sc)) n++;
  return n;
}
